import unittest

from clubelo.kfactor import k_factor
from clubelo.ratings import expected_score, updated_rating


class RatingsTest(unittest.TestCase):
    def test_expected_even(self):
        self.assertAlmostEqual(expected_score(1600, 1600), 0.5)

    def test_k_factor(self):
        self.assertEqual(k_factor(1500, 5, "classical"), 40)
        self.assertEqual(k_factor(2300, 50, "blitz"), 5)

    def test_draw_between_equals(self):
        self.assertEqual(updated_rating(1600, 1600, 0.5, 40), 1600)

    def test_floor(self):
        self.assertEqual(updated_rating(805, 1000, 0, 100), 800)

    def test_bad_score(self):
        with self.assertRaises(ValueError):
            updated_rating(1500, 1500, 2, 10)


if __name__ == "__main__":
    unittest.main()
