import unittest

from hats.blocking import block_minutes, mm_ss, steam_time


class BlockingTests(unittest.TestCase):
    def test_straw_steams_twice_as_long_as_felt(self):
        self.assertEqual(steam_time("straw", 3), 2 * steam_time("felt", 3))

    def test_panels_add_up(self):
        self.assertEqual(steam_time("felt", 6), 6 * steam_time("felt", 1))

    def test_unknown_material(self):
        with self.assertRaises(ValueError):
            steam_time("velvet", 2)

    def test_block_includes_drying(self):
        self.assertGreater(block_minutes("buckram", 1), 60)

    def test_mm_ss(self):
        self.assertEqual(mm_ss(135), "2:15")


if __name__ == "__main__":
    unittest.main()
