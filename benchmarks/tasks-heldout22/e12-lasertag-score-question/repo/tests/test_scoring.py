import unittest

from lasertag.scoring import accuracy, hit_penalty, leaderboard, player_score, scale_to_standard, streak_bonus


class PartsTests(unittest.TestCase):
    def test_penalty(self):
        self.assertEqual(hit_penalty(2), 0)
        self.assertEqual(hit_penalty(5), 80)

    def test_streak(self):
        self.assertEqual(streak_bonus(4), 0)
        self.assertEqual(streak_bonus(10), 500)

    def test_scale(self):
        self.assertEqual(scale_to_standard(1000, 10), 2000)
        with self.assertRaises(ValueError):
            scale_to_standard(100, 0)


class ScoreTests(unittest.TestCase):
    def test_simple_game(self):
        self.assertEqual(player_score(8, 2), 800)

    def test_negative_is_zero(self):
        self.assertEqual(player_score(0, 12), 0)

    def test_short_game(self):
        self.assertEqual(player_score(5, 4, minutes=15), 610)

    def test_accuracy_and_board(self):
        self.assertEqual(accuracy(12, 80), 15.0)
        self.assertEqual(leaderboard([("Zed", 900), ("Amy", 1200), ("Bo", 900)]),
                         ["1. Amy           1200", "2. Bo             900", "3. Zed            900"])


if __name__ == "__main__":
    unittest.main()
