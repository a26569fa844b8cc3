import unittest
from datetime import date

from timesheet import parse_entry
from timesheet.entries import total_minutes


class EntryTests(unittest.TestCase):
    def test_hours_and_minutes(self):
        e = parse_entry("2024-03-04 1h30m client-a: sprint planning")
        self.assertEqual((e.day, e.minutes, e.project, e.note),
                         (date(2024, 3, 4), 90, "client-a", "sprint planning"))

    def test_only_minutes(self):
        self.assertEqual(parse_entry("2024-03-04 45m ops: pager").minutes, 45)

    def test_bad_duration(self):
        for line in ("2024-03-04 1x ops: a", "2024-03-04 0m ops: a", "2024-03-04 h ops: a"):
            with self.assertRaises(ValueError):
                parse_entry(line)

    def test_total(self):
        es = [parse_entry("2024-03-04 1h a: x"), parse_entry("2024-03-05 30m b: y")]
        self.assertEqual(total_minutes(es), 90)
        self.assertEqual(total_minutes(es, "a"), 60)


if __name__ == "__main__":
    unittest.main()
