import unittest

from unitconv import UnitError, convert_mass


class MassTests(unittest.TestCase):
    def test_pounds(self):
        self.assertAlmostEqual(convert_mass(1, "lb", "oz"), 16)

    def test_tonne(self):
        self.assertAlmostEqual(convert_mass(3, "t", "kg"), 3000)

    def test_unknown_is_value_error(self):
        with self.assertRaises(ValueError):
            convert_mass(1, "stone", "kg")
        with self.assertRaises(UnitError):
            convert_mass(1, "kg", "KG")


if __name__ == "__main__":
    unittest.main()
