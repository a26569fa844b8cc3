import unittest

from swellschool.wetsuits import wetsuit_size


class WetsuitTests(unittest.TestCase):
    def test_adult_sizes(self):
        self.assertEqual(wetsuit_size(160, 30), "XS")
        self.assertEqual(wetsuit_size(172, 41), "S")
        self.assertEqual(wetsuit_size(173, 19), "M")
        self.assertEqual(wetsuit_size(198, 25), "XXL")

    def test_no_stock(self):
        with self.assertRaises(ValueError):
            wetsuit_size(199, 30)
        with self.assertRaises(ValueError):
            wetsuit_size(0, 30)

    def test_junior_sizes(self):
        self.assertEqual(wetsuit_size(128, 9), "J8")
        self.assertEqual(wetsuit_size(100, 5), "J4")
        self.assertEqual(wetsuit_size(160, 13), "J14")
        # Too tall for the junior range: adult sizes.
        self.assertEqual(wetsuit_size(175, 13), "M")
        # From 14 on, everyone wears adult sizes.
        self.assertEqual(wetsuit_size(150, 14), "XS")


if __name__ == "__main__":
    unittest.main()
