import unittest
from datetime import date
from decimal import Decimal

from ledgerlite import Transaction, categorize


def tx(desc):
    return Transaction(date(2024, 1, 1), desc, Decimal("1"))


class CategorizeTests(unittest.TestCase):
    def test_known(self):
        self.assertEqual(categorize(tx("Tesco Stores 2231")), "groceries")
        self.assertEqual(categorize(tx("NETFLIX.COM")), "subscriptions")

    def test_unknown(self):
        self.assertEqual(categorize(tx("Corner cafe")), "other")


if __name__ == "__main__":
    unittest.main()
