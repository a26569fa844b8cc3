import unittest

from shear.runs import Run
from shear.tally import parse_fleece_kg, tally
from shear.wool import wool_by_flock

RUNS = [Run("d", "A", "Hill", 10, "30kg"), Run("d", "B", "Hill", 5, "12.5 kg"), Run("d", "A", "Low", 4, "9")]


class ShearTest(unittest.TestCase):
    def test_parse_kg(self):
        self.assertEqual(parse_fleece_kg("96.5kg"), 96.5)
        self.assertEqual(parse_fleece_kg(" 96.5 KG "), 96.5)
        self.assertEqual(parse_fleece_kg("12"), 12.0)

    def test_parse_lb(self):
        self.assertAlmostEqual(parse_fleece_kg("100 lb"), 45.359237)
        self.assertAlmostEqual(parse_fleece_kg("100lbs"), 45.359237)

    def test_tally(self):
        self.assertEqual(tally(RUNS), {"A": (14, 39.0), "B": (5, 12.5)})

    def test_wool_by_flock(self):
        self.assertEqual(wool_by_flock(RUNS), {"Hill": 42.5, "Low": 9.0})


if __name__ == "__main__":
    unittest.main()
