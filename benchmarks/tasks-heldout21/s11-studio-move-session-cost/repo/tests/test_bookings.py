import unittest
from datetime import date

from studio.bookings import clashes, day_sheet, parse_bookings, session_cost

CSV = """band,room,day,start,hours,engineer
The Larks,live,2025-03-07,14,3,yes
Moth Choir,rehearsal,2025-03-07,17,3,no
Dross,live,2025-03-07,16,2,
"""


class CostTests(unittest.TestCase):
    def test_day_rate(self):
        self.assertEqual(session_cost("rehearsal", 10, 2), 4400)

    def test_evening_hours(self):
        self.assertEqual(session_cost("live", 17, 3), 3 * 4500 + 2 * 900)

    def test_engineer(self):
        self.assertEqual(session_cost("live", 12, 2, engineer=True), 2 * 4500 + 2 * 3000)

    def test_bad(self):
        with self.assertRaises(ValueError):
            session_cost("attic", 12, 2)
        with self.assertRaises(ValueError):
            session_cost("live", 22, 3)


class BookingTests(unittest.TestCase):
    def test_clash(self):
        found = clashes(parse_bookings(CSV))
        self.assertEqual([(a.band, b.band) for a, b in found], [("The Larks", "Dross")])

    def test_day_sheet(self):
        lines = day_sheet(parse_bookings(CSV), date(2025, 3, 7))
        self.assertEqual(lines[0], "14:00-17:00 live      The Larks         225.00")


if __name__ == "__main__":
    unittest.main()
