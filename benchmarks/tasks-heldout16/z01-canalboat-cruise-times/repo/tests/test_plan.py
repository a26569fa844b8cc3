import unittest

from narrowboat.legs import Leg
from narrowboat.plan import plan_lines, timetable, total_minutes


LEGS = [Leg("Hillmorton to Braunston", 6.0, 3), Leg("Braunston to Napton", 9.0, 0)]


class PlanTest(unittest.TestCase):
    def test_timetable(self):
        self.assertEqual(timetable(LEGS, "09:00"),
                         [("Hillmorton to Braunston", "11:45"), ("Braunston to Napton", "14:45")])

    def test_total(self):
        self.assertAlmostEqual(total_minutes(LEGS), 345.0)

    def test_plan_lines(self):
        lines = plan_lines(LEGS, "09:00")
        self.assertEqual(len(lines), 3)
        self.assertTrue(lines[0].startswith("11:45"))
        self.assertEqual(lines[-1], "Total: 5h45m")


if __name__ == "__main__":
    unittest.main()
