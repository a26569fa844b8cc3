import unittest

from quizleague.scoring import bonus_points, match_points, result_points


class ScoringTest(unittest.TestCase):
    def test_results(self):
        self.assertEqual(result_points(30, 29), 3)
        self.assertEqual(result_points(30, 30), 1)
        self.assertEqual(result_points(29, 30), 0)

    def test_bonus(self):
        self.assertEqual(bonus_points(39), 0)
        self.assertEqual(bonus_points(40), 1)

    def test_losing_team_can_get_bonus(self):
        self.assertEqual(match_points(41, 44), 1)
        self.assertEqual(match_points(44, 41), 4)


if __name__ == "__main__":
    unittest.main()
