import unittest

from pollen.levels import advice, level


class LevelsTest(unittest.TestCase):
    def test_levels(self):
        self.assertEqual(level(0), "Low")
        self.assertEqual(level(29), "Low")
        self.assertEqual(level(30), "Moderate")
        self.assertEqual(level(50), "High")
        self.assertEqual(level(150), "Very high")

    def test_low_advice(self):
        self.assertEqual(advice("Low"), "Nothing to do.")


if __name__ == "__main__":
    unittest.main()
