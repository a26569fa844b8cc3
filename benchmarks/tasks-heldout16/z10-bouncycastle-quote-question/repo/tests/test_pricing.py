import unittest
from datetime import date

from bouncehire.pricing import delivery_charge, hire_charge, quote
from bouncehire.quotes import format_quote

WEDNESDAY = date(2026, 5, 6)


class PricingTest(unittest.TestCase):
    def test_weekday_single_day(self):
        q = quote(["Jungle Castle"], WEDNESDAY, 1, 4)
        self.assertEqual(q, {"hire": 9500, "delivery": 0, "net": 9500, "vat": 1900, "total": 11400})

    def test_extra_days_half_price(self):
        self.assertEqual(hire_charge(["Mini Dome"], WEDNESDAY, 3), 6000 + 3000 + 3000)

    def test_delivery(self):
        self.assertEqual(delivery_charge(10), 0)
        self.assertEqual(delivery_charge(12), 600)

    def test_no_days(self):
        with self.assertRaises(ValueError):
            quote(["Foam Pit"], WEDNESDAY, 0, 1)

    def test_format(self):
        lines = format_quote(["Jungle Castle"], WEDNESDAY, 1, 4)
        self.assertEqual(lines[-1], "Total:       114.00")


if __name__ == "__main__":
    unittest.main()
