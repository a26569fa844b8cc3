import unittest

from panto.prices import discount_pence, money, ticket_after_discount


class PricesTest(unittest.TestCase):
    def test_whole_penny_discount(self):
        self.assertEqual(discount_pence(950, 10), 95)

    def test_after_discount(self):
        self.assertEqual(ticket_after_discount(1450, 10), 1305)

    def test_money(self):
        self.assertEqual(money(1305), "\u00a313.05")


if __name__ == "__main__":
    unittest.main()
