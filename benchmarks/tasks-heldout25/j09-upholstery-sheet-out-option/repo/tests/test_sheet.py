import contextlib
import io
import os
import unittest

from upholstery.sheet import main

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class SheetTests(unittest.TestCase):
    def run_sheet(self, *args):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            main([os.path.join(HERE, "jobs.csv")] + list(args))
        return buf.getvalue()

    def test_open_jobs_by_default(self):
        out = self.run_sheet()
        self.assertIn("Job sheet: open jobs (4)", out)
        self.assertNotIn("T-102", out)

    def test_all(self):
        self.assertIn("T-102", self.run_sheet("--status", "all"))


if __name__ == "__main__":
    unittest.main()
