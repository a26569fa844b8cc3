import unittest
from datetime import date

from farrier.due import due_lines
from farrier.records import format_date, next_due, parse_date


class RecordsTest(unittest.TestCase):
    def test_next_due_is_six_weeks_on(self):
        self.assertEqual(next_due(date(2024, 1, 1)), date(2024, 2, 12))

    def test_parse_date_same_day_and_month(self):
        self.assertEqual(parse_date("05/05/2024"), date(2024, 5, 5))

    def test_format_date_day_first(self):
        self.assertEqual(format_date(date(2024, 6, 9)), "09/06/2024")

    def test_due_lines_uses_latest_shoeing(self):
        log = [("Bess", "A", date(2024, 1, 1)), ("Bess", "A", date(2024, 3, 1))]
        self.assertEqual(due_lines(log, date(2024, 3, 5)), [])
        self.assertEqual(len(due_lines(log, date(2024, 4, 20))), 1)


if __name__ == "__main__":
    unittest.main()
