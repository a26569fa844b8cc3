import unittest

from glazebook.recipe import load_recipe, parse_line, scale, total_grams

RECIPE = """
# celadon, small test batch
450 g custer feldspar
300 g silica
150 g whiting
100 g kaolin
"""


class RecipeTest(unittest.TestCase):
    def test_parse_line(self):
        self.assertEqual(parse_line("450 g custer feldspar"), (450.0, "custer feldspar"))

    def test_load_and_total(self):
        recipe = load_recipe(RECIPE)
        self.assertEqual(len(recipe), 4)
        self.assertEqual(total_grams(recipe), 1000.0)

    def test_scale(self):
        recipe = scale(load_recipe(RECIPE), 2.5)
        self.assertEqual(total_grams(recipe), 2500.0)
        with self.assertRaises(ValueError):
            scale(recipe, 0)


if __name__ == "__main__":
    unittest.main()
