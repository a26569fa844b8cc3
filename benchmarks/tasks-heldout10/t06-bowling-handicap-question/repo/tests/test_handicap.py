import unittest

from strikeline.handicap import average, handicap
from strikeline.scores import high_game, night_totals


class HandicapTests(unittest.TestCase):
    def test_average_drops_fraction(self):
        self.assertEqual(average([150, 151]), 150)

    def test_too_few_games(self):
        self.assertEqual(handicap([120, 130]), 0)

    def test_strong_bowler_gets_nothing(self):
        self.assertEqual(handicap([230, 240, 225]), 0)

    def test_cap(self):
        self.assertEqual(handicap([90, 100, 110]), 80)

    def test_night_totals(self):
        self.assertEqual(night_totals([200, 200, 200], [190, 210, 205]), (605, 659))
        self.assertEqual(high_game([190, 210, 205]), 210)


if __name__ == "__main__":
    unittest.main()
