import unittest

from reefkeeper.chemistry import calc_dose, calc_volume


class ChemistryTest(unittest.TestCase):
    def test_volume(self):
        self.assertEqual(calc_volume(120, 50, 55), 297.0)

    def test_dose(self):
        self.assertEqual(calc_dose(300, 7.0, 8.0, 1.5), 2.0)

    def test_no_dose_when_high_enough(self):
        self.assertEqual(calc_dose(300, 8.5, 8.0, 1.5), 0.0)


if __name__ == "__main__":
    unittest.main()
