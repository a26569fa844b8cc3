import contextlib
import io
import unittest
from pathlib import Path

from oche.cli import main

DATA = str(Path(__file__).resolve().parent.parent / "data" / "results.csv")


def run(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["--file", DATA] + list(argv))
    return out.getvalue().splitlines()


class CliTest(unittest.TestCase):
    def test_table(self):
        self.assertEqual(run("table")[0], "Red Lion    2  2  10   5   4")
        self.assertEqual(len(run("table", "--division", "2")), 4)

    def test_fixtures(self):
        self.assertEqual(run("fixtures", "--week", "1"), ["Red Lion v Plough", "Crown v Anchor"])

    def test_result(self):
        self.assertEqual(run("result", "Swan", "Ship", "3-5"), ["Swan 3-5 Ship"])

    def test_averages(self):
        self.assertEqual(run("averages", "--top", "1"), ["Red Lion   5.00"])


if __name__ == "__main__":
    unittest.main()
