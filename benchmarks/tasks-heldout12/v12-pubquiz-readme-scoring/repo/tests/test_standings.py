import unittest

from quizleague.fixtures import parse_results
from quizleague.standings import ranking, totals

RESULTS = [
    "The Quizzly Bears 41-38 Les Quizerables",
    "Universally Challenged 35-35 The Quizzly Bears",
    "Les Quizerables 39-30 Universally Challenged",
]


class StandingsTest(unittest.TestCase):
    def test_totals(self):
        rows = totals(parse_results(RESULTS))
        self.assertEqual(rows["The Quizzly Bears"], [2, 5, 76])
        self.assertEqual(rows["Les Quizerables"], [2, 3, 77])

    def test_ties_go_to_more_answers(self):
        self.assertEqual(ranking(parse_results(RESULTS)),
                         ["The Quizzly Bears", "Les Quizerables", "Universally Challenged"])
        level = parse_results(["Alpha 30-30 Beta", "Beta 31-31 Gamma"])
        self.assertEqual(ranking(level), ["Beta", "Gamma", "Alpha"])

    def test_bad_line(self):
        with self.assertRaises(ValueError):
            parse_results(["Team A beat Team B"])


if __name__ == "__main__":
    unittest.main()
