import io
import os
import tempfile
import unittest
from contextlib import redirect_stdout

from subshift.cli import main


class CliTests(unittest.TestCase):
    def test_prints_shifted(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "in.srt")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write("1\n00:00:01,000 --> 00:00:02,000\nHi\n")
            out = io.StringIO()
            with redirect_stdout(out):
                self.assertEqual(main([path, "-0.5"]), 0)
        self.assertEqual(out.getvalue(), "1\n00:00:00,500 --> 00:00:01,500\nHi\n")


if __name__ == "__main__":
    unittest.main()
