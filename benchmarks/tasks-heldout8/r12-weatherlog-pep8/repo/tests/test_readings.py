import unittest

from weatherlog.readings import daily_summary, parse_reading

LINES = [
    "OXF 2026-11-02 06:00 3.5 0.2",
    "OXF 2026-11-02 12:00 9.0 1.1",
    "OXF 2026-11-03 06:00 1.0 0.0",
]


class ReadingsTest(unittest.TestCase):
    def test_parse(self):
        r = parse_reading(LINES[0])
        self.assertEqual((r.station, r.temp_c, r.rain_mm), ("OXF", 3.5, 0.2))

    def test_summary(self):
        summary = daily_summary([parse_reading(x) for x in LINES])
        self.assertEqual(summary[("OXF", "2026-11-02")], (3.5, 9.0, 1.3))
        self.assertEqual(len(summary), 2)


if __name__ == "__main__":
    unittest.main()
