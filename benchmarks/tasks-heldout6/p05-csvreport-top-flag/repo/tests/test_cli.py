import contextlib
import io
import os
import unittest

from csvreport.cli import main

SAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "sales.csv")


def run(argv):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(argv)
    return code, buf.getvalue().splitlines()


class CliTests(unittest.TestCase):
    def test_text(self):
        code, lines = run([SAMPLE, "--group-by", "region", "--sum", "amount"])
        self.assertEqual(code, 0)
        self.assertEqual([l.split() for l in lines][:2], [["east", "323.00"], ["north", "220.00"]])
        self.assertEqual(len(lines), 5)

    def test_csv(self):
        code, lines = run([SAMPLE, "--group-by", "rep", "--sum", "amount", "--format", "csv"])
        self.assertEqual(code, 0)
        self.assertEqual(lines[0], "rep,amount")
        self.assertEqual(lines[1], "cy,323.00")


if __name__ == "__main__":
    unittest.main()
