import unittest
from fractions import Fraction

from recipebox import parse_ingredient, scale_recipe
from recipebox.helpers import format_quantity, parse_fraction, pluralize


class HelperTests(unittest.TestCase):
    def test_parse_fraction(self):
        self.assertEqual(parse_fraction("1 1/2"), Fraction(3, 2))
        self.assertEqual(parse_fraction("0.25"), Fraction(1, 4))

    def test_format_quantity(self):
        self.assertEqual(format_quantity(Fraction(7, 4)), "1 3/4")
        self.assertEqual(format_quantity(Fraction(1, 3)), "1/3")
        self.assertEqual(format_quantity(2), "2")

    def test_pluralize(self):
        self.assertEqual(pluralize("cup", 2), "cups")
        self.assertEqual(pluralize("cup", 1), "cup")


class ScaleTests(unittest.TestCase):
    def test_parse(self):
        ing = parse_ingredient("1 1/2 cup flour")
        self.assertEqual((ing.quantity, ing.unit, ing.name), (Fraction(3, 2), "cup", "flour"))

    def test_no_unit(self):
        self.assertEqual(parse_ingredient("2 eggs").format(), "2 eggs")

    def test_scale(self):
        out = [i.format() for i in scale_recipe(["1 1/2 cup flour", "", "1 pinch salt"], Fraction(3, 2))]
        self.assertEqual(out, ["2 1/4 cups flour", "1 1/2 pinches salt"])


if __name__ == "__main__":
    unittest.main()
