import unittest

from anvil.quench import quench_plan


class QuenchTest(unittest.TestCase):
    def test_plan(self):
        plan = quench_plan("1084")
        self.assertEqual(plan[0], "Heat to 815 C (1499 F), cherry red, and check it is non-magnetic")
        self.assertEqual(plan[1], "Quench in warm canola oil")
        self.assertIn("205 C (401 F)", plan[2])

    def test_water_steel(self):
        self.assertEqual(quench_plan("W2", "hard")[1], "Quench in water")

    def test_bad_use(self):
        with self.assertRaises(ValueError):
            quench_plan("1084", "shiny")


if __name__ == "__main__":
    unittest.main()
