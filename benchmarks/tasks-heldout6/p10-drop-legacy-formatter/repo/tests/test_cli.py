import contextlib
import io
import os
import tempfile
import unittest
import warnings

from mdtable.cli import main


class CliTests(unittest.TestCase):
    def run_cli(self, argv, text="name,n\nab,1\n"):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        buf = io.StringIO()
        try:
            with contextlib.redirect_stdout(buf):
                code = main([path] + argv)
        finally:
            os.remove(path)
        return code, buf.getvalue()

    def test_default(self):
        code, out = self.run_cli(["--align", "lr"])
        self.assertEqual(code, 0)
        self.assertEqual(out.splitlines()[2], "| ab   |   1 |")

    def test_legacy_flag(self):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            code, out = self.run_cli(["--legacy"])
        self.assertEqual(out.splitlines()[0], "|name|n|")


if __name__ == "__main__":
    unittest.main()
