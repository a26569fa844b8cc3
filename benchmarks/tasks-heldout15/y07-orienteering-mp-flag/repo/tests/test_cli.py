import contextlib
import io
import unittest

from punchcard.cli import main


def run(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue().splitlines()


class CliTests(unittest.TestCase):
    def test_courses(self):
        self.assertEqual(run("courses"), (0, ["Blue     6", "Green    4", "Yellow   3"]))

    def test_results(self):
        code, lines = run("results", "Blue")
        self.assertEqual(code, 0)
        self.assertEqual(lines[-1], "  3  Lena Vogt          HALO   1:02:45")
        self.assertEqual(len(lines), 3)

    def test_unknown_course(self):
        self.assertEqual(run("results", "Red"), (1, ["no runners on course Red"]))


if __name__ == "__main__":
    unittest.main()
