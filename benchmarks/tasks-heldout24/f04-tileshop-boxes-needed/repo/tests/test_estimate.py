import unittest

from tiles.estimate import adhesive_bags, floor_area, grout_kg


class EstimateTests(unittest.TestCase):
    def test_floor_area(self):
        self.assertAlmostEqual(floor_area([(2, 3), (1.5, 2)]), 9.0)
        with self.assertRaises(ValueError):
            floor_area([(2, 0)])

    def test_adhesive(self):
        self.assertEqual(adhesive_bags(8), 2)
        self.assertEqual(adhesive_bags(8.1), 3)

    def test_grout(self):
        self.assertEqual(grout_kg(9), 2.5)


if __name__ == "__main__":
    unittest.main()
