import unittest

from palette.convert import hex_to_rgb, hsl_to_rgb, rgb_to_hex, rgb_to_hsl


class ConvertTests(unittest.TestCase):
    def test_hex_forms(self):
        self.assertEqual(hex_to_rgb("#1e90ff"), (30, 144, 255))
        self.assertEqual(hex_to_rgb("1E90FF"), (30, 144, 255))
        self.assertEqual(hex_to_rgb("#fa0"), (255, 170, 0))

    def test_bad_hex(self):
        with self.assertRaises(ValueError):
            hex_to_rgb("#12345")

    def test_round_trip(self):
        self.assertEqual(rgb_to_hex(hsl_to_rgb(rgb_to_hsl((30, 144, 255)))), "#1e90ff")
