import unittest

from kartlap.leaderboard import leaderboard
from kartlap.results import best_lap_line, fastest

LAPS = {"Ana": ["1:02.345", "1:01.990"], "Ben": ["1:03.100", "1:02.502"], "Cy": []}


class ResultsTest(unittest.TestCase):
    def test_best_lap_line(self):
        self.assertEqual(best_lap_line("Ana", LAPS["Ana"]), "Ana best 1:01.990 over 2 laps")

    def test_fastest(self):
        self.assertEqual(fastest(LAPS), ("Ana", "1:01.990"))

    def test_leaderboard(self):
        self.assertEqual(leaderboard(LAPS).splitlines(),
                         [" 1. Ana        1:01.990 -", " 2. Ben        1:02.502 +0.512"])


if __name__ == "__main__":
    unittest.main()
