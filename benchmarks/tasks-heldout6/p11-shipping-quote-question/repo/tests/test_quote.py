import unittest

from shipcalc import billable_weight, load_rates, quote

RATES = {
    "weight_step_kg": 1.0,
    "included_kg": 0.0,
    "fuel_surcharge_pct": 0,
    "minimum_charge": 3.0,
    "zones": {"X": {"base": 2.0, "per_kg": 1.0}},
    "remote_postcodes": ["ZZ"],
    "remote_fee": 5.0,
}


class QuoteTests(unittest.TestCase):
    def test_billable_weight(self):
        self.assertEqual(billable_weight(1.2, 0.5, 0), 1.5)
        self.assertEqual(billable_weight(1.0, 0.5, 0), 1.0)
        self.assertEqual(billable_weight(0.4, 0.5, 1.0), 0.0)

    def test_simple(self):
        self.assertEqual(quote(2.5, "X", rates=RATES), 5.0)

    def test_minimum(self):
        self.assertEqual(quote(0.1, "X", rates=RATES), 3.0)

    def test_remote(self):
        self.assertEqual(quote(1, "X", postcode="ZZ1 1AA", rates=RATES), 8.0)

    def test_unknown_zone(self):
        with self.assertRaises(ValueError):
            quote(1, "Q", rates=RATES)

    def test_shipped_rates_load(self):
        self.assertIn("A", load_rates()["zones"])


if __name__ == "__main__":
    unittest.main()
