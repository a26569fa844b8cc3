import contextlib
import io
import unittest

from seedvault.cli import main


class CliTest(unittest.TestCase):
    def run_cli(self, *argv):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            rc = main(list(argv))
        return rc, buf.getvalue()

    def test_table(self):
        rc, out = self.run_cli("list", "--species", "maize")
        self.assertEqual(rc, 0)
        lines = out.splitlines()
        self.assertEqual(len(lines), 2)
        self.assertIn("Painted Mountain", lines[1])


if __name__ == "__main__":
    unittest.main()
