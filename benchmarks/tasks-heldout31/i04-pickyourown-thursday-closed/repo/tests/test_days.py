import unittest
from datetime import date

from pyo.days import is_open, open_days


class DaysTest(unittest.TestCase):
    def test_saturday_open(self):
        self.assertTrue(is_open(date(2024, 7, 6)))

    def test_tuesday_closed(self):
        self.assertFalse(is_open(date(2024, 7, 2)))

    def test_closure(self):
        self.assertFalse(is_open(date(2024, 7, 7), {date(2024, 7, 7)}))

    def test_range_ends(self):
        self.assertEqual(open_days(date(2024, 7, 6), date(2024, 7, 6)), [date(2024, 7, 6)])


if __name__ == "__main__":
    unittest.main()
