import unittest
from datetime import date

from kennel.bookings import check_booking, parse_day


class BookingTests(unittest.TestCase):
    def test_ok(self):
        self.assertEqual(check_booking(date(2026, 7, 1), date(2026, 7, 8)), [])

    def test_too_long(self):
        self.assertEqual(len(check_booking(date(2026, 7, 1), date(2026, 8, 15))), 1)

    def test_christmas(self):
        problems = check_booking(parse_day("2026-12-24"), parse_day("2026-12-27"))
        self.assertIn("no arrivals on 24 or 25 December", problems)


if __name__ == "__main__":
    unittest.main()
