import unittest

from palette import rgb_to_hex, rgb_to_hsl, lookup


class ConvertTests(unittest.TestCase):
    def test_rgb_to_hex(self):
        self.assertEqual(rgb_to_hex((255, 128, 0)), "#ff8000")
        self.assertEqual(rgb_to_hex((0, 0, 0)), "#000000")

    def test_rgb_to_hex_validates(self):
        with self.assertRaises(ValueError):
            rgb_to_hex((256, 0, 0))

    def test_rgb_to_hsl(self):
        self.assertEqual(rgb_to_hsl((255, 0, 0)), (0.0, 1.0, 0.5))
        self.assertEqual(rgb_to_hsl((128, 128, 128))[1], 0.0)

    def test_lookup(self):
        self.assertEqual(lookup(" Teal "), (0, 128, 128))


if __name__ == "__main__":
    unittest.main()
