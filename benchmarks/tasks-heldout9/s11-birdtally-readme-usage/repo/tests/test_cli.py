import contextlib
import io
import os
import tempfile
import unittest

from birdtally.cli import main


class CliTest(unittest.TestCase):
    def test_log_then_summary(self):
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "t.jsonl")
            main(["--db", db, "log", "Robin", "--count", "2", "--date", "2024-03-02"])
            main(["--db", db, "log", "wren", "--date", "2024-03-02"])
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                main(["--db", db, "summary", "--from", "2024-03-01"])
        self.assertEqual(buf.getvalue().split(), ["robin", "2", "wren", "1"])


if __name__ == "__main__":
    unittest.main()
