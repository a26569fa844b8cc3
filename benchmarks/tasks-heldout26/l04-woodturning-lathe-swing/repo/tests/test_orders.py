import unittest

from turnery.orders import Order, parse_order


class ParseTests(unittest.TestCase):
    def test_full_line(self):
        self.assertEqual(parse_order("Bowl, Ash, 250x60, 2"), Order("bowl", "ash", 250, 60, 2))

    def test_quantity_defaults_to_one(self):
        self.assertEqual(parse_order("platter, oak, 280 x 25").quantity, 1)

    def test_unknown_wood(self):
        with self.assertRaisesRegex(ValueError, "unknown wood: teak"):
            parse_order("bowl, teak, 200x50")

    def test_bad_size(self):
        with self.assertRaises(ValueError):
            parse_order("bowl, ash, 200")


if __name__ == "__main__":
    unittest.main()
