import os
import tempfile
import unittest
from datetime import date

from bothy.bookings import Booking, append_bookings, read_bookings, write_bookings
from bothy.purge import split

BOOKINGS = [Booking("B1", "Corrour", "Ann", date(2025, 3, 1), 2),
            Booking("B2", "Sourlies", "Bob", date(2025, 3, 9), 1),
            Booking("B3", "Corrour", "Cat", date(2025, 3, 20), 4)]


class PurgeTest(unittest.TestCase):
    def test_split(self):
        old, kept = split(BOOKINGS, date(2025, 3, 9))
        self.assertEqual([b.ref for b in old], ["B1"])
        self.assertEqual([b.ref for b in kept], ["B2", "B3"])

    def test_round_trip(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "b.csv")
            write_bookings(path, BOOKINGS)
            self.assertEqual(read_bookings(path), BOOKINGS)

    def test_append_writes_header_once(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "a.csv")
            append_bookings(path, BOOKINGS[:1])
            append_bookings(path, BOOKINGS[1:])
            self.assertEqual(read_bookings(path), BOOKINGS)


if __name__ == "__main__":
    unittest.main()
