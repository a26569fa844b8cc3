import unittest

from kennel.billing import bill_lines, stay_price


class BillingTests(unittest.TestCase):
    def test_short_stay(self):
        self.assertEqual(stay_price(3, "medium"), 90.0)

    def test_long_stay_discount(self):
        self.assertEqual(stay_price(7, "small"), 151.2)

    def test_bad_nights(self):
        with self.assertRaises(ValueError):
            stay_price(0, "small")

    def test_bill_lines(self):
        lines = bill_lines("J. Okafor", 2, "large")
        self.assertEqual(lines[-1], "Total: 76.00")

    def test_extra_dogs_get_twenty_percent_off(self):
        # Every dog after the first in the same booking pays 80% of the nightly rate.
        self.assertAlmostEqual(stay_price(3, "medium", dogs=2), 3 * 30 + 3 * 24)
        self.assertAlmostEqual(stay_price(2, "small", dogs=3), 2 * 24 + 2 * 2 * 19.2)
        self.assertAlmostEqual(stay_price(4, "large", dogs=1), 4 * 38)
        self.assertAlmostEqual(stay_price(4, "large"), 4 * 38)


if __name__ == "__main__":
    unittest.main()
