import unittest

from unitconv import UnitError, convert_length


class LengthTests(unittest.TestCase):
    def test_metric(self):
        self.assertAlmostEqual(convert_length(2.5, "km", "m"), 2500)

    def test_imperial(self):
        self.assertAlmostEqual(convert_length(1, "mi", "ft"), 5280)
        self.assertAlmostEqual(convert_length(12, "in", "ft"), 1)

    def test_unknown(self):
        with self.assertRaises(UnitError):
            convert_length(1, "m", "parsec")


if __name__ == "__main__":
    unittest.main()
