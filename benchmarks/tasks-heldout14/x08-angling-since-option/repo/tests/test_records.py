import datetime
import unittest
from pathlib import Path

from catchlog.records import format_catch, heaviest, read_catches

LOG = Path(__file__).resolve().parent.parent / "data" / "catches.csv"


class RecordsTest(unittest.TestCase):
    def setUp(self):
        self.catches = read_catches(LOG)

    def test_read(self):
        self.assertEqual(len(self.catches), 8)
        self.assertEqual(self.catches[0].date, datetime.date(2024, 3, 16))

    def test_heaviest(self):
        self.assertEqual(heaviest(self.catches).weight_kg, 8.35)
        self.assertEqual(heaviest(self.catches, "Pike").weight_kg, 5.05)
        self.assertIsNone(heaviest(self.catches, "trout"))

    def test_format(self):
        self.assertEqual(format_catch(self.catches[1]), "2024-04-02  perch      0.45 kg  Mill Pond")


if __name__ == "__main__":
    unittest.main()
