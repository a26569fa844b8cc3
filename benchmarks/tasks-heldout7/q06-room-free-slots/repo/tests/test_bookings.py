import json
import os
import tempfile
import unittest

from roombook import Booking, conflicts, day_report, for_room, load_bookings
from roombook.timeutil import to_hhmm, to_minutes

B = [
    Booking("Oak", "13:00", "14:00", "sam"),
    Booking("Oak", "09:00", "10:30", "priya"),
    Booking("Elm", "09:00", "12:00", "lee"),
    Booking("Oak", "10:00", "11:00", "jo"),
]


class BookingTests(unittest.TestCase):
    def test_times(self):
        self.assertEqual(to_minutes("09:30"), 570)
        self.assertEqual(to_hhmm(570), "09:30")
        with self.assertRaises(ValueError):
            to_minutes("0930")

    def test_for_room_sorted(self):
        self.assertEqual([b.who for b in for_room(B, "Oak")], ["priya", "jo", "sam"])

    def test_conflicts(self):
        self.assertEqual([(a.who, b.who) for a, b in conflicts(B)], [("priya", "jo")])

    def test_report(self):
        self.assertEqual(day_report(B, "Pine"), "Pine\n  (no bookings)")
        self.assertIn("  09:00-12:00  lee", day_report(B, "Elm"))

    def test_load(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "b.json")
            with open(path, "w") as fh:
                json.dump([{"room": "Oak", "start": "09:00", "end": "09:30"}], fh)
            self.assertEqual(load_bookings(path), [Booking("Oak", "09:00", "09:30", "")])


if __name__ == "__main__":
    unittest.main()
