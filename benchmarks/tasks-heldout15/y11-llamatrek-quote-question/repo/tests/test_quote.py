import unittest
from datetime import date

from llamatrek.quote import llamas_needed, quote_pence, quote_text, walker_pence

OFF_PEAK = date(2025, 5, 14)


class QuoteTests(unittest.TestCase):
    def test_walkers(self):
        self.assertEqual(walker_pence("short", 40, OFF_PEAK), 3800)
        self.assertEqual(walker_pence("short", 9, OFF_PEAK), 2280)
        self.assertEqual(walker_pence("half-day", 30, date(2025, 5, 17)), 7150)

    def test_small_booking(self):
        self.assertEqual(quote_pence("short", [40, 9], OFF_PEAK, photos=True), 7280)
        self.assertEqual(quote_text("short", [40, 9], OFF_PEAK), "short trek for 2 on 2025-05-14: 60.80")

    def test_group_discount(self):
        self.assertEqual(quote_pence("half-day", [30] * 5, OFF_PEAK), 29250)

    def test_size_limits(self):
        self.assertEqual(llamas_needed(5), 3)
        with self.assertRaises(ValueError):
            quote_pence("short", [30] * 17, OFF_PEAK)


if __name__ == "__main__":
    unittest.main()
