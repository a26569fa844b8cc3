import unittest

from dockbikes.plans import grace_minutes, load_plans


class PlansTests(unittest.TestCase):
    def test_known_plans_load(self):
        plans = load_plans()
        self.assertIn("casual", plans)
        self.assertIn("member", plans)
        self.assertEqual(plans["casual"].unlock_fee, 1.0)

    def test_grace(self):
        self.assertEqual(grace_minutes(), 2)


if __name__ == "__main__":
    unittest.main()
