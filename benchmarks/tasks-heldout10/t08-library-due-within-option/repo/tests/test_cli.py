import contextlib
import io
import unittest

from shelfmark.cli import main


def run(argv):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(argv)
    return code, buf.getvalue().splitlines()


class CliTests(unittest.TestCase):
    def test_all_loans_sorted(self):
        code, lines = run(["loans", "--today", "2026-12-06"])
        self.assertEqual(code, 0)
        self.assertEqual([l.split()[0] for l in lines], ["L001", "L002", "L003", "L004", "L005"])
        self.assertIn("overdue by 5 days", lines[0])

    def test_member_filter(self):
        code, lines = run(["loans", "--today", "2026-12-06", "--member", "M12"])
        self.assertEqual([l.split()[0] for l in lines], ["L002", "L005"])


if __name__ == "__main__":
    unittest.main()
