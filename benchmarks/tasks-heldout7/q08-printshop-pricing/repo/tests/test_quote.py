import unittest

from printquote import discount_percent, load_pricing, quote

TABLE = {
    "currency": "EUR", "setup_fee": 1.0, "color_multiplier": 2.0,
    "per_sheet": {"A4": 0.10},
    "bulk_discounts": [{"min_sheets": 100, "percent": 5},
                       {"min_sheets": 200, "percent": 20}],
}


class QuoteTests(unittest.TestCase):
    def test_plain(self):
        self.assertEqual(quote("A4", 50, pricing=TABLE), 6.0)

    def test_color_and_discount(self):
        self.assertEqual(quote("A4", 100, color=True, pricing=TABLE), 20.0)
        self.assertEqual(quote("A4", 250, pricing=TABLE), 21.0)

    def test_discount_tiers(self):
        tiers = TABLE["bulk_discounts"]
        self.assertEqual([discount_percent(n, tiers) for n in (99, 100, 199, 200)],
                         [0, 5, 5, 20])

    def test_unknown_size(self):
        with self.assertRaises(ValueError):
            quote("B5", 10, pricing=TABLE)


class DefaultPricingTests(unittest.TestCase):
    def test_bundled_pricing_is_sane(self):
        pricing = load_pricing()
        self.assertIn("A4", pricing["per_sheet"])
        self.assertTrue(all(p > 0 for p in pricing["per_sheet"].values()))
        mins = [t["min_sheets"] for t in pricing["bulk_discounts"]]
        self.assertEqual(mins, sorted(mins))

    def test_quote_uses_bundled_pricing(self):
        self.assertGreater(quote("A4", 10), 0)


if __name__ == "__main__":
    unittest.main()
