import unittest

from postcounter.till import money, receipt

BASKET = [("1st class stamp", 3, 165), ("Jiffy bag (medium)", 1, 120)]


class MoneyTest(unittest.TestCase):
    def test_pounds_and_pence(self):
        self.assertEqual(money(165), "1.65")

    def test_pence_only(self):
        self.assertEqual(money(7), "0.07")


class ReceiptTest(unittest.TestCase):
    def test_one_line_per_item_plus_total(self):
        self.assertEqual(len(receipt(BASKET)), 3)

    def test_item_line(self):
        line = receipt(BASKET)[0]
        self.assertTrue(line.startswith("1st class stamp"))
        self.assertTrue(line.endswith("4.95"))


if __name__ == "__main__":
    unittest.main()
