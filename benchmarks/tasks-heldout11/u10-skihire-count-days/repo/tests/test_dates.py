import unittest
from datetime import date

from skihire.dates import parse_day, rental_days


class RentalDaysTest(unittest.TestCase):
    def test_same_day(self):
        self.assertEqual(rental_days(date(2025, 2, 14), date(2025, 2, 14)), 1)

    def test_weekend(self):
        self.assertEqual(rental_days(date(2025, 2, 14), date(2025, 2, 16)), 2)

    def test_return_before_pickup(self):
        with self.assertRaises(ValueError):
            rental_days(date(2025, 2, 14), date(2025, 2, 13))

    def test_parse_day(self):
        self.assertEqual(parse_day(" 2025-02-14 "), date(2025, 2, 14))


if __name__ == "__main__":
    unittest.main()
