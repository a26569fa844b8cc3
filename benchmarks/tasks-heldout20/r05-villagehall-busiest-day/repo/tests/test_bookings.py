import unittest

from villagehall.bookings import clashes, hours_booked, week_sheet

WEEK = [
    ("Tue", 18, 20, "Scouts"),
    ("Mon", 10, 12, "Toddlers"),
    ("Thu", 18, 20, "Scouts"),
    ("Mon", 19, 21, "Yoga"),
]


class BookingTests(unittest.TestCase):
    def test_hours_booked(self):
        self.assertEqual(hours_booked(WEEK, "Scouts"), 4)
        self.assertEqual(hours_booked(WEEK, "Choir"), 0)

    def test_clash(self):
        self.assertEqual(clashes(WEEK, ("Mon", 11, 13, "WI")), [("Mon", 10, 12, "Toddlers")])

    def test_back_to_back_is_fine(self):
        self.assertEqual(clashes(WEEK, ("Mon", 12, 14, "WI")), [])

    def test_sheet_order(self):
        self.assertEqual(week_sheet(WEEK)[:2], ["Mon 10:00-12:00 Toddlers", "Mon 19:00-21:00 Yoga"])
