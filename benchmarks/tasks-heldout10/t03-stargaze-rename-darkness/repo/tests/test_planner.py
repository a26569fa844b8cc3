import unittest

from stargaze import calc_darkness
from stargaze.planner import best_hours, darkest_hour
from stargaze.targets import visible_targets


class PlannerTests(unittest.TestCase):
    def test_best_hours_new_moon(self):
        self.assertEqual(best_hours(0.0), [21, 22, 23, 0, 1, 2, 3, 4])

    def test_best_hours_full_moon(self):
        self.assertEqual(best_hours(1.0), [])

    def test_darkest_hour(self):
        self.assertEqual(darkest_hour(0.5), 23)
        self.assertEqual(calc_darkness(darkest_hour(0.5), 0.5), 7.0)

    def test_visible_targets(self):
        self.assertEqual(visible_targets(23, 0.0),
                         ["Andromeda Galaxy", "Jupiter", "Orion Nebula", "Pleiades"])
        self.assertEqual(visible_targets(19, 0.0), ["Jupiter"])


if __name__ == "__main__":
    unittest.main()
