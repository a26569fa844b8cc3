import unittest

from courier.daybook import rider_totals
from courier.pricing import extras, quote, ride_price


class PricingTests(unittest.TestCase):
    def test_short_ride(self):
        self.assertEqual(quote(2.5), 450)
        self.assertEqual(quote(3), 450)

    def test_started_km(self):
        self.assertEqual(ride_price(3.1), 570)
        self.assertEqual(ride_price(5), 690)

    def test_rush(self):
        self.assertEqual(ride_price(2, rush=True), 675)

    def test_extras(self):
        self.assertEqual(extras(parcels=2, zone="B"), 250)
        self.assertEqual(extras(weight_kg=20), 400)

    def test_account(self):
        self.assertEqual(quote(2, account=True), 405)


class DaybookTests(unittest.TestCase):
    def test_totals(self):
        jobs = [{"rider": "Mo", "km": 2}, {"rider": "Mo", "km": 4, "zone": "B"}, {"rider": "Ize", "km": 1}]
        self.assertEqual(rider_totals(jobs), {"Ize": (1, 450, 315), "Mo": (2, 1120, 784)})


if __name__ == "__main__":
    unittest.main()
