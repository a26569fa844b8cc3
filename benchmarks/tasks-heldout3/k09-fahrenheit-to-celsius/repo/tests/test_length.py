import unittest

from unitconv.length import metres_to_feet, miles_to_metres


class LengthTests(unittest.TestCase):
    def test_feet(self):
        self.assertAlmostEqual(metres_to_feet(1), 3.28084)

    def test_mile(self):
        self.assertAlmostEqual(miles_to_metres(1), 1609.344)
