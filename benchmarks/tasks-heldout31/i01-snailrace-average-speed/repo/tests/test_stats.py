import unittest

from snails.heats import Run, speed
from snails.league import league
from snails.stats import average, best


class StatsTest(unittest.TestCase):
    def test_average_of_even_numbers(self):
        self.assertEqual(average([2, 4]), 3)

    def test_average_of_nothing(self):
        self.assertEqual(average([]), 0)

    def test_best(self):
        self.assertEqual(best([3, 9, 4]), 9)

    def test_speed_in_mm_a_minute(self):
        self.assertEqual(speed(Run(1, "A", 30, 120)), 15)

    def test_league_fastest_first(self):
        runs = [Run(1, "Slow", 10, 60), Run(1, "Quick", 40, 60)]
        self.assertEqual([row[0] for row in league(runs)], ["Quick", "Slow"])


if __name__ == "__main__":
    unittest.main()
