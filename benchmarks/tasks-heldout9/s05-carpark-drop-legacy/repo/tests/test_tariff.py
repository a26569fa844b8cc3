import unittest

from carpark.tariff import price_for


class TariffTest(unittest.TestCase):
    def test_free_period(self):
        self.assertEqual(price_for(0), 0)
        self.assertEqual(price_for(20), 0)

    def test_started_hours(self):
        self.assertEqual(price_for(21), 180)
        self.assertEqual(price_for(125), 540)

    def test_daily_cap(self):
        self.assertEqual(price_for(23 * 60), 1500)
        self.assertEqual(price_for(24 * 60 + 30), 1680)

    def test_negative(self):
        with self.assertRaises(ValueError):
            price_for(-1)


if __name__ == "__main__":
    unittest.main()
