import unittest

from dockbikes.rides import ride_cost


class RideTests(unittest.TestCase):
    def test_casual(self):
        self.assertEqual(ride_cost("casual", 25), 7.25)

    def test_cancelled_ride_is_free(self):
        self.assertEqual(ride_cost("casual", 1), 0.0)

    def test_day_pass_long_ride(self):
        self.assertEqual(ride_cost("day_pass", 75), 3.0)

    def test_unknown_plan(self):
        with self.assertRaises(KeyError):
            ride_cost("platinum", 10)


if __name__ == "__main__":
    unittest.main()
