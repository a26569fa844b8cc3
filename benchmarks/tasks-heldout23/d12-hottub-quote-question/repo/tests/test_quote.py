import unittest
from datetime import date

from hottub.quote import chemicals, hire_cost, hire_quote, night_prices, promo_discount

MONDAY = date(2025, 6, 2)


class NightTests(unittest.TestCase):
    def test_weekday_nights(self):
        self.assertEqual(night_prices("4-seater", MONDAY, 3), [45, 45, 45])

    def test_friday_and_saturday_cost_more(self):
        self.assertEqual(night_prices("6-seater", date(2025, 6, 6), 3), [75.0, 75.0, 60])

    def test_minimum_two_nights(self):
        self.assertEqual(hire_cost("4-seater", MONDAY, 1), 90)


class QuoteTests(unittest.TestCase):
    def test_simple_quote(self):
        # 3 x 45 + 2 x 25 + 15 = 200
        self.assertEqual(hire_quote("4-seater", MONDAY, 3, zone="B"), 200)

    def test_rounds_up_to_five_pounds(self):
        # 56.25 + 45 + 15 = 116.25
        self.assertEqual(hire_quote("4-seater", date(2025, 6, 6), 2, with_chemicals=False) % 5, 0)

    def test_promo_off_hire_only(self):
        self.assertEqual(promo_discount(200, "local5"), 10)
        with self.assertRaises(ValueError):
            promo_discount(200, "FREEBIE")

    def test_chemicals_per_started_week(self):
        self.assertEqual([chemicals(n) for n in (1, 7, 8, 14, 15)], [15, 15, 30, 30, 45])

    def test_too_many_guests(self):
        with self.assertRaises(ValueError):
            hire_quote("4-seater", MONDAY, 2, guests=5)


if __name__ == "__main__":
    unittest.main()
