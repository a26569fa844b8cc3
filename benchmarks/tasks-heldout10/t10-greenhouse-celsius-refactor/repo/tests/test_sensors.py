import unittest

from glasshouse.sensors import Reading, parse_line, parse_lines


class SensorTests(unittest.TestCase):
    def test_parse_line(self):
        self.assertEqual(parse_line("bench3 07:40 78.8F"), Reading("bench3", "07:40", 26.0))

    def test_rejects_celsius(self):
        with self.assertRaises(ValueError):
            parse_line("bench3 07:40 26.0C")

    def test_skips_comments(self):
        lines = ["# morning", "bench1 06:00 32F", "", "bench2 06:00 50F"]
        self.assertEqual([r.celsius for r in parse_lines(lines)], [0.0, 10.0])


if __name__ == "__main__":
    unittest.main()
