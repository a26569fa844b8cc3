import unittest
from datetime import date

from fudge.stock import Tray


class TrayTests(unittest.TestCase):
    def test_sell_by_is_three_weeks(self):
        self.assertEqual(Tray("X", 100, 300, date(2025, 10, 1)).sell_by, date(2025, 10, 22))

    def test_value_rounds_to_the_penny(self):
        self.assertEqual(Tray("X", 333, 325, date(2025, 10, 1)).value, 1082)


if __name__ == "__main__":
    unittest.main()
