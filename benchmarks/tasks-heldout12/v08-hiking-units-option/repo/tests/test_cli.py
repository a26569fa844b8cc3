import contextlib
import io
import os
import unittest

from trailbook.cli import build_parser, main

CSV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "hikes.csv")


class CliTest(unittest.TestCase):
    def run_cli(self, *argv):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(main([CSV] + list(argv)), 0)
        return out.getvalue()

    def test_summary(self):
        self.assertEqual(self.run_cli("--year", "2024"),
                         "5 hikes, 71.4 km, 3980 m climbed; longest: Helvellyn loop (19.2 km)\n")

    def test_no_hikes(self):
        self.assertEqual(self.run_cli("--year", "2001"), "no hikes\n")

    def test_year_must_be_a_number(self):
        with contextlib.redirect_stderr(io.StringIO()):
            with self.assertRaises(SystemExit):
                build_parser().parse_args([CSV, "--year", "last"])


if __name__ == "__main__":
    unittest.main()
