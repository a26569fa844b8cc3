import unittest

from cellar.blending import Blend, blend_abv, blend_volume, parse_part, shares


class BlendingTests(unittest.TestCase):
    def test_parse_part(self):
        self.assertEqual(parse_part(" 600l@13.5 "), (600.0, 13.5))
        with self.assertRaises(ValueError):
            parse_part("600@13.5")

    def test_blend_abv(self):
        self.assertEqual(blend_abv([(600, 13.5), (400, 14.2)]), 13.78)
        self.assertEqual(blend_volume([(600, 13.5), (400, 14.2)]), 1000)

    def test_shares(self):
        self.assertEqual(shares([(300, 12.0), (600, 13.0)]), [33.3, 66.7])

    def test_blend_class(self):
        b = Blend("House Red", 2025)
        b.add(600, 13.5)
        b.add(400, 14.2)
        self.assertEqual(b.abv(), 13.78)
        self.assertEqual(b.label(), "House Red 2025 - 13.8% vol - 1000 L")

    def test_empty_blend(self):
        with self.assertRaises(ValueError):
            Blend("Empty").abv()


if __name__ == "__main__":
    unittest.main()
