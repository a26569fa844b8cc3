import unittest

from rowclub.booking import parse_when
from rowclub.reminders import last_chance, notice_text, reminder


class ReminderTests(unittest.TestCase):
    def test_notice(self):
        self.assertEqual(notice_text(), "Book boats at least 2 days ahead.")

    def test_last_chance(self):
        self.assertEqual(last_chance(parse_when("2025-06-14 07:00")), parse_when("2025-06-12 07:00"))

    def test_reminder(self):
        self.assertEqual(reminder("Kit", parse_when("2025-06-14 07:00")),
                         "Kit, book by Thu 12 Jun 07:00 for your outing at Sat 14 Jun 07:00.")


if __name__ == "__main__":
    unittest.main()
