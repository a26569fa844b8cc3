import unittest

from treefarm.pricing import order_total, pot_grown_price, reservation_deposit, tree_price


class TreePriceTests(unittest.TestCase):
    def test_bands(self):
        self.assertEqual(tree_price(90), 2500)
        self.assertEqual(tree_price(150), 3500)
        self.assertEqual(tree_price(209), 4500)
        self.assertEqual(tree_price(240), 5500)

    def test_tall_trees(self):
        self.assertEqual(tree_price(241), 6500)
        self.assertEqual(tree_price(270), 6500)
        self.assertEqual(tree_price(271), 7500)

    def test_species_and_netting(self):
        self.assertEqual(tree_price(185, "Nordmann fir", netted=True), 5650)

    def test_too_small(self):
        with self.assertRaises(ValueError):
            tree_price(60)


class OtherPriceTests(unittest.TestCase):
    def test_pot_grown(self):
        self.assertEqual(pot_grown_price(120), 3500)
        self.assertEqual(pot_grown_price(180), 6300)
        with self.assertRaises(ValueError):
            pot_grown_price(181)

    def test_deposit(self):
        self.assertEqual(reservation_deposit(100), 600)
        self.assertEqual(reservation_deposit(300, "fraser fir"), 1660)

    def test_order_total(self):
        self.assertEqual(order_total([(120, "norway spruce", False), (200, "blue spruce", True)]), 7750)


if __name__ == "__main__":
    unittest.main()
