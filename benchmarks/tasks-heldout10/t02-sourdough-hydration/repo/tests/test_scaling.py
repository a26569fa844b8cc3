import unittest

from crumb.recipes import COUNTRY_LOAF
from crumb.scaling import for_loaves, scale, scale_to_weight


class ScalingTests(unittest.TestCase):
    def test_double(self):
        self.assertEqual(for_loaves(COUNTRY_LOAF, 2)["flour"], 1000)

    def test_half(self):
        self.assertEqual(scale(COUNTRY_LOAF, 0.5)["salt"], 5)

    def test_to_weight(self):
        scaled = scale_to_weight(COUNTRY_LOAF, 1940)
        self.assertEqual(scaled["water"], 720)

    def test_bad_factor(self):
        with self.assertRaises(ValueError):
            scale(COUNTRY_LOAF, 0)


if __name__ == "__main__":
    unittest.main()
