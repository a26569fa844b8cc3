import unittest

from recipebox import scale_line, scale_recipe


class ScaleTests(unittest.TestCase):
    def test_double(self):
        self.assertEqual(scale_line("3/4 cup milk", 2), "1 1/2 cup milk")

    def test_halve(self):
        self.assertEqual(scale_line("3 eggs", 0.5), "1 1/2 eggs")

    def test_no_quantity(self):
        self.assertEqual(scale_line("salt to taste", 3), "salt to taste")

    def test_recipe(self):
        lines = ["2 eggs", "1 tsp vanilla", "200 g sugar"]
        self.assertEqual(scale_recipe(lines, 1.5), ["3 eggs", "1 1/2 tsp vanilla", "300 g sugar"])

    def test_bad_factor(self):
        with self.assertRaises(ValueError):
            scale_recipe(["1 egg"], 0)


if __name__ == "__main__":
    unittest.main()
