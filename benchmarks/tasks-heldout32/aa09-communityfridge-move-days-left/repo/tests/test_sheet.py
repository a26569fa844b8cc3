import unittest
from datetime import date

from fridge.items import Item
from fridge.sheet import days_left


class DaysLeftTest(unittest.TestCase):
    def test_use_by(self):
        self.assertEqual(days_left(Item("Milk", "dairy", date(2024, 3, 9), date(2024, 3, 13)), date(2024, 3, 12)), 1)

    def test_cooked_two_days(self):
        self.assertEqual(days_left(Item("Stew", "cooked", date(2024, 3, 10), None), date(2024, 3, 12)), 0)

    def test_cooked_with_later_use_by(self):
        self.assertEqual(days_left(Item("Curry", "cooked", date(2024, 3, 11), date(2024, 3, 20)), date(2024, 3, 12)), 1)


if __name__ == "__main__":
    unittest.main()
