import unittest

from paddlehire.rental import best_quote, quote_day, quote_hours


class QuoteTest(unittest.TestCase):
    def test_hours(self):
        q = quote_hours(2, 3, wetsuits=1)
        self.assertEqual(q, {"hire": 90, "kit": 8, "deposit": 100, "total": 198})

    def test_day_deposit_capped(self):
        self.assertEqual(quote_day(4)["deposit"], 150)

    def test_too_many_wetsuits(self):
        with self.assertRaises(ValueError):
            quote_day(1, wetsuits=2)

    def test_best_quote(self):
        self.assertEqual(best_quote(1, 2)[0], "hours")
        self.assertEqual(best_quote(1, 5)[0], "day")


if __name__ == "__main__":
    unittest.main()
