import unittest

from stargaze.darkness import calc_darkness


class DarknessTests(unittest.TestCase):
    def test_new_moon_midnight(self):
        self.assertEqual(calc_darkness(0, 0.0), 10)

    def test_full_moon_midnight(self):
        self.assertEqual(calc_darkness(0, 1.0), 4.0)

    def test_daytime_is_zero(self):
        self.assertEqual(calc_darkness(12, 0.0), 0)

    def test_bad_hour(self):
        with self.assertRaises(ValueError):
            calc_darkness(24, 0.5)

    def test_bad_moon(self):
        with self.assertRaises(ValueError):
            calc_darkness(22, 1.5)


if __name__ == "__main__":
    unittest.main()
