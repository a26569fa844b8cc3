import unittest

from numtools import mean, stdev, variance


class StatsTests(unittest.TestCase):
    def test_mean(self):
        self.assertEqual(mean([1, 2, 3, 4]), 2.5)

    def test_variance(self):
        self.assertEqual(variance([2, 4, 4, 4, 5, 5, 7, 9]), 4.0)

    def test_stdev(self):
        self.assertEqual(stdev([2, 4, 4, 4, 5, 5, 7, 9]), 2.0)

    def test_empty_raises(self):
        with self.assertRaises(ValueError):
            mean([])
