import unittest

from scoopery.menu import load_menu


class MenuTest(unittest.TestCase):
    def setUp(self):
        self.menu = load_menu()

    def test_prices_are_pence(self):
        self.assertEqual(self.menu["vanilla"].pence, 180)
        self.assertTrue(all(isinstance(f.pence, int) and f.pence > 50 for f in self.menu.values()))

    def test_names(self):
        self.assertEqual(self.menu["salted-caramel"].name, "Salted Caramel")

    def test_vegan(self):
        self.assertTrue(self.menu["raspberry-sorbet"].vegan)
        self.assertFalse(self.menu["dark-chocolate"].vegan)


if __name__ == "__main__":
    unittest.main()
