import unittest

from beachhut.bookings import Booking
from beachhut.oldcsv import read_2019_export


class OldExportTest(unittest.TestCase):
    def test_read(self):
        lines = ["hut;name;from;to", "12;Coles ;27/07;09/08", ""]
        self.assertEqual(read_2019_export(lines), [Booking(12, "Coles", 30, 2)])


if __name__ == "__main__":
    unittest.main()
