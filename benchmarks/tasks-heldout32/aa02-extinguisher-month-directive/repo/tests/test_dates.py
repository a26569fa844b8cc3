import unittest
from datetime import date

from fireext.dates import add_years
from fireext.units import Unit, next_due


class DatesTest(unittest.TestCase):
    def test_add_years(self):
        self.assertEqual(add_years(date(2023, 6, 30), 1), date(2024, 6, 30))

    def test_leap_day(self):
        self.assertEqual(add_years(date(2024, 2, 29), 1), date(2025, 2, 28))

    def test_blanket_every_two_years(self):
        self.assertEqual(next_due(Unit("E9", "Hall", "BLANKET", date(2022, 9, 20))), date(2024, 9, 20))


if __name__ == "__main__":
    unittest.main()
