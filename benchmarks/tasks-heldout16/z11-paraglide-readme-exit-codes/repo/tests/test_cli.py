import contextlib
import io
import unittest

from windsock.cli import main


class CliTest(unittest.TestCase):
    def run_main(self, *argv):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
        return code, out.getvalue()

    def test_go(self):
        code, out = self.run_main("check", "--site", "ridgeway", "--speed", "15", "--gust", "20", "--dir", "225")
        self.assertEqual(code, 0)
        self.assertTrue(out.startswith("GO at Ridgeway"))

    def test_not_go(self):
        code, _ = self.run_main("check", "--site", "ridgeway", "--speed", "12", "--gust", "24", "--dir", "225")
        self.assertNotEqual(code, 0)

    def test_sites(self):
        code, out = self.run_main("sites")
        self.assertEqual(code, 0)
        self.assertEqual(len(out.splitlines()), 3)


if __name__ == "__main__":
    unittest.main()
