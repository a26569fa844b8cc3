import unittest

from cellar.tanks import fits, smallest_tank_for


class TankTests(unittest.TestCase):
    def test_fits(self):
        self.assertTrue(fits("B1", 200))
        self.assertFalse(fits("T1", 1300))

    def test_smallest(self):
        self.assertEqual(smallest_tank_for(1000), "T1")
        self.assertIsNone(smallest_tank_for(3000))


if __name__ == "__main__":
    unittest.main()
