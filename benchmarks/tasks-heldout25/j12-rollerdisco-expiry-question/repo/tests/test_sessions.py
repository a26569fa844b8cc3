import datetime
import unittest

from rink.sessions import describe, next_session_day, session_days


class SessionTests(unittest.TestCase):
    def test_next_session_day(self):
        self.assertEqual(next_session_day(datetime.date(2025, 6, 16)), datetime.date(2025, 6, 18))
        self.assertEqual(next_session_day(datetime.date(2025, 6, 18)), datetime.date(2025, 6, 18))

    def test_session_days(self):
        days = session_days(datetime.date(2025, 6, 1), datetime.date(2025, 6, 14))
        self.assertEqual([d.day for d in days], [4, 7, 11, 14])

    def test_describe(self):
        self.assertEqual(describe(datetime.date(2025, 6, 21)), "Saturday 2025-06-21, 14:00-17:00")


if __name__ == "__main__":
    unittest.main()
