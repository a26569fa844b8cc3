import contextlib
import io
import unittest

from vendfleet.telemetry import Reading, parse_all, parse_reading


class TelemetryTest(unittest.TestCase):
    def test_parse_reading(self):
        self.assertEqual(parse_reading("VM-01, a1, 2, 5.5\n"), Reading("VM-01", "A1", 2, 5.5))

    def test_malformed_line_warns(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertIsNone(parse_reading("VM-03 c5 4 4.0"))
        self.assertIn("malformed", out.getvalue())

    def test_parse_all_skips_bad_lines(self):
        lines = ["# header", "VM-01, a1, 2, 5.5", "VM-03, c4, seven, 4.0", ""]
        with contextlib.redirect_stdout(io.StringIO()):
            readings = parse_all(lines)
        self.assertEqual([r.slot for r in readings], ["A1"])


if __name__ == "__main__":
    unittest.main()
