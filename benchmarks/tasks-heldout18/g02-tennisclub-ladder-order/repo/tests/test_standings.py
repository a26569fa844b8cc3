import unittest

from ladder.standings import points, printout, ranking


class StandingsTest(unittest.TestCase):
    def test_points(self):
        self.assertEqual(points({"won": 2, "lost": 3}), 9)

    def test_no_matches(self):
        self.assertEqual(points({"won": 0, "lost": 0}), 0)

    def test_single_player(self):
        self.assertEqual(ranking({"Maya": {"won": 1, "lost": 0}}), ["Maya"])

    def test_printout_line(self):
        lines = printout({"Maya": {"won": 4, "lost": 1}})
        self.assertEqual(lines, [" 1. Maya        13"])


if __name__ == "__main__":
    unittest.main()
