import unittest

from kartlap.timing import gap_str, parse_lap, secs_to_str


class TimingTest(unittest.TestCase):
    def test_parse(self):
        self.assertAlmostEqual(parse_lap("1:02.345"), 62.345)
        self.assertAlmostEqual(parse_lap("58.1"), 58.1)

    def test_parse_bad_seconds(self):
        with self.assertRaises(ValueError):
            parse_lap("1:75.000")

    def test_format(self):
        self.assertEqual(secs_to_str(62.345), "1:02.345")
        self.assertEqual(secs_to_str(59.9996), "1:00.000")

    def test_round_trip(self):
        self.assertEqual(secs_to_str(parse_lap("2:00.010")), "2:00.010")

    def test_gap(self):
        self.assertEqual(gap_str(0), "-")
        self.assertEqual(gap_str(0.5), "+0.500")


if __name__ == "__main__":
    unittest.main()
