import os
import tempfile
import unittest
from datetime import date

from punts.bookings import read_bookings


class BookingTests(unittest.TestCase):
    def test_read(self):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("date,party,adults,children,minutes\n2025-08-23,Harris,2,3,40\n")
        try:
            self.assertEqual(read_bookings(path), [(date(2025, 8, 23), "Harris", 2, 3, 40)])
        finally:
            os.remove(path)


if __name__ == "__main__":
    unittest.main()
