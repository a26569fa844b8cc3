import unittest

from pantry.scaling import scale_recipe

SOUP = {"servings": 4, "items": {"lentils": 300, "carrots": 210}}


class ScalingTest(unittest.TestCase):
    def test_scale_up(self):
        self.assertEqual(scale_recipe(SOUP, 10)["items"], {"lentils": 750, "carrots": 525})

    def test_rounding(self):
        self.assertEqual(scale_recipe(SOUP, 3)["items"], {"lentils": 225, "carrots": 160})

    def test_limits(self):
        for bad in (0, 49):
            with self.assertRaises(ValueError):
                scale_recipe(SOUP, bad)


if __name__ == "__main__":
    unittest.main()
