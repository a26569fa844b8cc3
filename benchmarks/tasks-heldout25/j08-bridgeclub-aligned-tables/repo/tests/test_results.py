import unittest

from bridge.results import format_results
from bridge.scoring import Score, ranked


class ResultsTests(unittest.TestCase):
    def test_ranked_by_percent(self):
        scores = [Score("B & C", "NS", 30, 60), Score("A & D", "NS", 36, 60), Score("E & F", "NS", 30, 60)]
        self.assertEqual([s.pair for s in ranked(scores)], ["A & D", "B & C", "E & F"])

    def test_table(self):
        scores = [Score("Lee & Moss", "NS", 27.5, 66), Score("Shah & Okafor", "NS", 41.5, 66)]
        self.assertEqual(format_results(scores), [
            " 1  Shah & Okafor          41.5   62.88%",
            " 2  Lee & Moss             27.5   41.67%",
        ])


if __name__ == "__main__":
    unittest.main()
