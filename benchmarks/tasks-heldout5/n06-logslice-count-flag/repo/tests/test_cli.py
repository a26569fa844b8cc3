import io
import os
import tempfile
import unittest
from contextlib import redirect_stdout

from logslice.cli import main


class CliTests(unittest.TestCase):
    def test_prints_matching_lines(self):
        fd, path = tempfile.mkstemp(suffix=".log")
        with os.fdopen(fd, "w") as fh:
            fh.write("2026-05-01 12:00:02 INFO up\n2026-05-01 12:00:03 ERROR down\n")
        buf = io.StringIO()
        try:
            with redirect_stdout(buf):
                rc = main([path, "--level", "ERROR"])
        finally:
            os.remove(path)
        self.assertEqual(rc, 0)
        self.assertEqual(buf.getvalue(), "2026-05-01 12:00:03 ERROR down\n")
