import unittest

from brewcalc import (bloom_water, coffee_for, grams_to_oz, oz_to_grams,
                      pour_schedule, strength_label, water_for)


class RatioTests(unittest.TestCase):
    def test_water_and_coffee(self):
        self.assertEqual(water_for(20), 320)
        self.assertEqual(water_for(20, ratio=15), 300)
        self.assertEqual(coffee_for(480), 30.0)

    def test_labels(self):
        self.assertEqual([strength_label(r) for r in (14, 15, 17, 18)],
                         ["strong", "balanced", "balanced", "light"])


class PourTests(unittest.TestCase):
    def test_bloom(self):
        self.assertEqual(bloom_water(18, factor=2.5), 45)

    def test_schedule_ends_at_total(self):
        steps = pour_schedule(20)
        self.assertEqual(steps[0], 40)
        self.assertEqual(steps[-1], 320)
        self.assertEqual(len(steps), 4)

    def test_no_pours(self):
        with self.assertRaises(ValueError):
            pour_schedule(20, pours=0)


class UnitTests(unittest.TestCase):
    def test_round_trip(self):
        self.assertEqual(oz_to_grams(1), 28.3)
        self.assertEqual(grams_to_oz(283.5), 10.0)


if __name__ == "__main__":
    unittest.main()
