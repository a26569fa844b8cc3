import unittest

from unitconv.temperature import celsius_to_fahrenheit, celsius_to_kelvin


class TemperatureTests(unittest.TestCase):
    def test_freezing_point(self):
        self.assertEqual(celsius_to_fahrenheit(0), 32)

    def test_boiling_point(self):
        self.assertEqual(celsius_to_fahrenheit(100), 212)

    def test_kelvin(self):
        self.assertAlmostEqual(celsius_to_kelvin(0), 273.15)

    def test_below_absolute_zero(self):
        with self.assertRaises(ValueError):
            celsius_to_kelvin(-300)
