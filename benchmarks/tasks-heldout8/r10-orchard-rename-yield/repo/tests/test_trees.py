import unittest

from orchard.trees import Tree, calc_yield, tree_yield_kg


class TreesTest(unittest.TestCase):
    def test_mature_tree(self):
        self.assertEqual(tree_yield_kg(Tree("bramley", 12, 1.0)), 120)

    def test_young_tree(self):
        self.assertEqual(tree_yield_kg(Tree("cox", 2, 1.0)), 15)

    def test_calc_yield(self):
        trees = [Tree("bramley", 12, 0.9), Tree("cox", 4, 1.0)]
        self.assertEqual(calc_yield(trees), 138.0)
        self.assertEqual(calc_yield(trees, season_factor=0.5), 69.0)

    def test_calc_yield_negative_factor(self):
        with self.assertRaises(ValueError):
            calc_yield([], season_factor=-1)


if __name__ == "__main__":
    unittest.main()
