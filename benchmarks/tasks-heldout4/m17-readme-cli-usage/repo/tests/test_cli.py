import io
import json
import os
import tempfile
import unittest
from contextlib import redirect_stdout

from logship.cli import main
from logship.parse import parse_line


class CliTests(unittest.TestCase):
    def test_parse_line(self):
        self.assertEqual(parse_line("2024-05-01T12:00:03 INFO hi")["level"], "INFO")
        self.assertIsNone(parse_line("garbage"))

    def test_json_to_stdout(self):
        fd, path = tempfile.mkstemp(suffix=".log")
        with os.fdopen(fd, "w") as fh:
            fh.write("2024-05-01T12:00:03 INFO a\n2024-04-01T00:00:00 ERROR b\n")
        self.addCleanup(os.remove, path)
        buf = io.StringIO()
        with redirect_stdout(buf):
            main([path, "--since", "2024-04-15"])
        self.assertEqual([e["message"] for e in json.loads(buf.getvalue())], ["a"])


if __name__ == "__main__":
    unittest.main()
