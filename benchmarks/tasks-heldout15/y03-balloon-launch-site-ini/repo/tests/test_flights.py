import unittest

from skyride.flights import briefing, can_launch, launch_options
from skyride.sites import load_sites


class FlightTests(unittest.TestCase):
    def test_small_basket_calm_morning(self):
        names = launch_options(wind_knots=6, basket="small", slot="morning")
        self.assertIn("Castle Park", names)
        self.assertIn("Kemble Field", names)

    def test_large_basket_morning(self):
        self.assertEqual(launch_options(wind_knots=9, basket="large", slot="morning"),
                         ["Ashford Meadow", "Kemble Field", "Tor View"])

    def test_can_launch(self):
        castle = load_sites()["castle-park"]
        self.assertTrue(can_launch(castle, 8, "small", "evening"))
        self.assertFalse(can_launch(castle, 8, "large", "evening"))

    def test_briefing(self):
        kemble = load_sites()["kemble-field"]
        self.assertEqual(briefing(kemble),
                         "Kemble Field: up to 10 kn, small/large basket, morning, 48h notice")


if __name__ == "__main__":
    unittest.main()
