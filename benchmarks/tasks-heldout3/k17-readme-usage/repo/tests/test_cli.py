import contextlib
import io
import unittest

from imgshrink.cli import main


class CliTests(unittest.TestCase):
    def test_dry_run_lists_jobs(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["--dry-run", "-o", "web", "a.jpg"])
        self.assertEqual(code, 0)
        self.assertIn("a.jpg -> web/a.jpg (max 1600px, q=85)", out.getvalue())
