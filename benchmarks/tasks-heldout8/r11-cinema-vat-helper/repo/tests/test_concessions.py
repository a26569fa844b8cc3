import unittest

from cinema.concessions import combo_price, snack_price


class ConcessionsTest(unittest.TestCase):
    def test_snack(self):
        self.assertEqual(snack_price("popcorn"), 504)
        self.assertEqual(snack_price("cola", "large"), 462)

    def test_combo(self):
        self.assertEqual(combo_price(["popcorn", "cola"]), 767)


if __name__ == "__main__":
    unittest.main()
