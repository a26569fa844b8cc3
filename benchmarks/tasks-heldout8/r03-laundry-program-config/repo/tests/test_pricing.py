import unittest

from washday.pricing import basket_total, cycle_price, finish_time, format_cents


class PricingTest(unittest.TestCase):
    def test_cycle_price(self):
        self.assertEqual(cycle_price("standard"), 300)

    def test_basket(self):
        self.assertEqual(basket_total(["quick", "hot"]), 600)

    def test_format(self):
        self.assertEqual(format_cents(325), "$3.25")
        self.assertEqual(format_cents(1000), "$10.00")

    def test_finish_time(self):
        self.assertEqual(finish_time("18:20", "hot"), "19:20")
        self.assertEqual(finish_time("23:45", "quick"), "00:15")


if __name__ == "__main__":
    unittest.main()
