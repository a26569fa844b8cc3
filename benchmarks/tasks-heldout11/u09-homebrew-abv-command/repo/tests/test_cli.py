import contextlib
import io
import unittest

from brewlog.cli import build_parser, main


def run(argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    return code, out.getvalue()


class CliTest(unittest.TestCase):
    def test_attenuation(self):
        self.assertEqual(run(["attenuation", "--og", "1.050", "--fg", "1.010"]),
                         (0, "Apparent attenuation: 80.0%\n"))

    def test_plato(self):
        self.assertEqual(run(["plato", "1.048"]), (0, "11.9 P\n"))

    def test_scale(self):
        self.assertEqual(run(["scale", "450", "--from", "20", "--to", "23"]), (0, "518 g\n"))

    def test_bad_gravity(self):
        with contextlib.redirect_stderr(io.StringIO()):
            with self.assertRaises(SystemExit):
                build_parser().parse_args(["plato", "12"])


if __name__ == "__main__":
    unittest.main()
