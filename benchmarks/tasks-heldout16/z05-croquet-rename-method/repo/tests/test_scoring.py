import unittest

from croquet.scoring import best_turn, game_score, leader
from croquet.turns import Turn

TURNS = [Turn("Ada", "blue", [1, 2]), Turn("Ben", "red", [1]),
         Turn("Ada", "black", [1, 2, 3]), Turn("Ben", "yellow", [2, 3, 4])]


class ScoringTest(unittest.TestCase):
    def test_game_score(self):
        self.assertEqual(game_score(TURNS), {"Ada": 5, "Ben": 4})

    def test_leader(self):
        self.assertEqual(leader(TURNS), "Ada")
        self.assertIsNone(leader(TURNS[:1] + [Turn("Ben", "red", [1, 2])]))
        self.assertIsNone(leader([]))

    def test_best_turn(self):
        self.assertIs(best_turn(TURNS), TURNS[2])
        self.assertEqual(best_turn(TURNS).calc_pts(), 3)


if __name__ == "__main__":
    unittest.main()
