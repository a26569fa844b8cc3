import unittest
from datetime import date

from llamatrek.seasons import is_peak


class SeasonTests(unittest.TestCase):
    def test_weekends(self):
        self.assertTrue(is_peak(date(2025, 3, 8)))
        self.assertFalse(is_peak(date(2025, 3, 12)))

    def test_holidays(self):
        self.assertTrue(is_peak(date(2025, 4, 8)))
        self.assertFalse(is_peak(date(2025, 9, 3)))


if __name__ == "__main__":
    unittest.main()
