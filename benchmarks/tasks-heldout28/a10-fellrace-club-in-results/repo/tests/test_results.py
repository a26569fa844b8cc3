import unittest

from fell.entries import Runner
from fell.results import result_lines
from fell.timing import clock, placings, to_seconds

RUNNERS = {1: Runner(1, "Al Fisher", "MO"), 2: Runner(2, "Bea Lamb", "F40"), 3: Runner(3, "Col Dixon", "MO")}
FINISHES = {1: 9000, 2: 8500, 3: 9900}


class ResultsTest(unittest.TestCase):
    def test_times(self):
        self.assertEqual(to_seconds("2:31:47"), 9107)
        self.assertEqual(clock(9107), "2:31:47")

    def test_placings(self):
        self.assertEqual([r.number for _, r, _ in placings(RUNNERS, FINISHES)], [2, 1, 3])
        self.assertEqual([p for p, _, _ in placings(RUNNERS, FINISHES, "MO")], [1, 2])

    def test_lines(self):
        lines = result_lines(RUNNERS, FINISHES)
        self.assertTrue(lines[0].split()[:3] == ["1", "2", "Bea"])
        self.assertTrue(lines[0].endswith("2:21:40"))


if __name__ == "__main__":
    unittest.main()
