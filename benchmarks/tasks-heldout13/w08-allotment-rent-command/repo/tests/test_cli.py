import contextlib
import io
import unittest

from plotkeeper.cli import build_parser, main


def run(argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    return code, out.getvalue().splitlines()


class CliTests(unittest.TestCase):
    def test_list(self):
        code, lines = run(["list"])
        self.assertEqual(code, 0)
        self.assertEqual(lines[0], "A1   Jones       120 m2")

    def test_holder(self):
        self.assertEqual(run(["holder", "Patel"]), (0, ["C1   Patel        90 m2"]))
        self.assertEqual(run(["holder", "Nobody"])[0], 1)

    def test_parser(self):
        args = build_parser().parse_args(["--file", "x.csv", "holder", "Jones"])
        self.assertEqual((args.file, args.command, args.name), ("x.csv", "holder", "Jones"))


if __name__ == "__main__":
    unittest.main()
