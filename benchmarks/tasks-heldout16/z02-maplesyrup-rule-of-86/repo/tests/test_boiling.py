import unittest

from sugarshack.boiling import boil_hours, boil_off_litres, fuel_cords
from sugarshack.grading import grade


class BoilingTest(unittest.TestCase):
    def test_boil_off(self):
        self.assertEqual(boil_off_litres(430, 10), 420)
        with self.assertRaises(ValueError):
            boil_off_litres(5, 10)

    def test_hours_and_fuel(self):
        self.assertEqual(boil_hours(420), 4.7)
        self.assertEqual(fuel_cords(8), 1.0)
        with self.assertRaises(ValueError):
            fuel_cords(-1)


class GradingTest(unittest.TestCase):
    def test_grades(self):
        self.assertEqual(grade(80), "Golden, delicate taste")
        self.assertEqual(grade(50), "Amber, rich taste")
        self.assertEqual(grade(3), "Very dark, strong taste")
        with self.assertRaises(ValueError):
            grade(101)


if __name__ == "__main__":
    unittest.main()
