import unittest
from datetime import date

from libloans.dates import days_late, due_date, parse_date


class DateTests(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_date(" 2024-02-29 "), date(2024, 2, 29))

    def test_due_date(self):
        self.assertEqual(due_date("book", date(2024, 3, 1)), date(2024, 3, 22))
        self.assertEqual(due_date("dvd", date(2024, 3, 1)), date(2024, 3, 8))

    def test_unknown_kind(self):
        with self.assertRaises(ValueError):
            due_date("vinyl", date(2024, 3, 1))

    def test_days_late(self):
        self.assertEqual(days_late(date(2024, 3, 8), date(2024, 3, 12)), 4)
        self.assertEqual(days_late(date(2024, 3, 8), date(2024, 3, 1)), 0)


if __name__ == "__main__":
    unittest.main()
