import unittest
from datetime import datetime

from kiln.drying import drying_hours, water_to_remove
from kiln.plan import plan


class DryingTest(unittest.TestCase):
    def test_already_dry(self):
        self.assertEqual(water_to_remove(100, 9), 0.0)
        self.assertEqual(drying_hours(100, 8, "Target"), 1.5)

    def test_water(self):
        self.assertAlmostEqual(water_to_remove(91, 80), 71.0)

    def test_small_kiln_is_slower(self):
        self.assertGreater(drying_hours(300, 78, "Target", "small"), drying_hours(300, 78, "Target", "large"))

    def test_plan_back_to_back(self):
        out = plan([("A", "Target", 100, 8, "large"), ("B", "Target", 100, 8, "large")], datetime(2025, 9, 1, 6))
        self.assertEqual(out[1][3], datetime(2025, 9, 1, 8, 15))


if __name__ == "__main__":
    unittest.main()
