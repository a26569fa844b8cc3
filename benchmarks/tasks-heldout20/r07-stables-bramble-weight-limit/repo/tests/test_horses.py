import unittest

from stables.horses import load, price, suitable, weight_limit


class HorseTests(unittest.TestCase):
    def setUp(self):
        self.cfg = load()

    def test_own_limit(self):
        self.assertEqual(weight_limit(self.cfg, "Duke"), 110)

    def test_light_rider_lesson(self):
        self.assertIn("Pepper", suitable(self.cfg, 55))

    def test_heavy_rider(self):
        self.assertEqual(suitable(self.cfg, 100), ["Duke"])

    def test_hack_includes_non_lesson_horses(self):
        self.assertIn("Sorrel", suitable(self.cfg, 70, lesson=False))

    def test_price(self):
        self.assertEqual(price(self.cfg, 1.5), 57.0)
