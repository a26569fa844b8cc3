import contextlib
import io
import unittest
from pathlib import Path

from catchlog.cli import main

LOG = str(Path(__file__).resolve().parent.parent / "data" / "catches.csv")


def run(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["--file", LOG] + list(argv))
    return out.getvalue().splitlines()


class CliTest(unittest.TestCase):
    def test_list(self):
        self.assertEqual(len(run("list")), 8)

    def test_list_species(self):
        self.assertEqual(run("list", "--species", "perch")[1], "2024-06-22  perch      0.60 kg  River Wey")

    def test_best(self):
        self.assertEqual(run("best", "tench"), ["2024-06-01  tench      2.10 kg  Long Lake"])


if __name__ == "__main__":
    unittest.main()
