import contextlib
import io
import os
import unittest

from lessons import reminders

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ReminderTests(unittest.TestCase):
    def test_one_day(self):
        here = os.getcwd()
        os.chdir(ROOT)
        try:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                reminders.main(["lessons.csv", "--date", "2025-09-15"])
        finally:
            os.chdir(here)
        self.assertIn("To: j.morgan@example.net", out.getvalue())
        self.assertTrue(out.getvalue().rstrip().endswith("2 reminders"))


if __name__ == "__main__":
    unittest.main()
