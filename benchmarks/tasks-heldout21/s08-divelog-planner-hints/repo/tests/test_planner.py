import unittest

from divelog.planner import (ambient_pressure, deepest, depth_by_site, gas_needed, no_stop_limit,
                             plan_problems, turn_pressure)

LOG = [("Stoney Cove", 18.5, 42), ("Vobster", 24, 35), ("Stoney Cove", 21.0, 38)]


class PlannerTests(unittest.TestCase):
    def test_pressure(self):
        self.assertEqual(ambient_pressure(10), 2.0)
        self.assertEqual(ambient_pressure(18.5), 2.85)

    def test_ndl(self):
        self.assertEqual(no_stop_limit(18), 56)
        self.assertEqual(no_stop_limit(18.5), 45)
        self.assertIsNone(no_stop_limit(45))

    def test_gas(self):
        self.assertEqual(gas_needed(18.5, 40), 2280.0)
        self.assertEqual(gas_needed(10, 30, sac=15.5), 930.0)

    def test_turn(self):
        self.assertEqual(turn_pressure(200), 150)
        self.assertEqual(turn_pressure(232, reserve_bar=40), 168)

    def test_plan(self):
        self.assertEqual(plan_problems(18, 30, 15, 232), [])
        self.assertEqual(len(plan_problems(30, 40, 12, 200)), 2)

    def test_log(self):
        self.assertEqual(deepest(LOG), ("Vobster", 24, 35))
        self.assertIsNone(deepest([]))
        self.assertEqual(depth_by_site(LOG), {"Stoney Cove": 21.0, "Vobster": 24})


if __name__ == "__main__":
    unittest.main()
