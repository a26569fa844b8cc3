import unittest

from weatherlog.reader import parse_lines
from weatherlog.summary import daily_means

LINES = [
    "# station 7",
    "2024-05-01T06:00 temp=10.0 wind=3.1",
    "2024-05-01T12:00 temp=16.0 wind=5.0",
    "2024-05-02T06:00 temp=9.0",
]


class WeatherlogTests(unittest.TestCase):
    def test_parse(self):
        readings = parse_lines(LINES)
        self.assertEqual(len(readings), 3)
        self.assertEqual(readings[0]["wind"], 3.1)

    def test_daily_means(self):
        means = daily_means(parse_lines(LINES))
        self.assertEqual(means, {"2024-05-01": 13.0, "2024-05-02": 9.0})
