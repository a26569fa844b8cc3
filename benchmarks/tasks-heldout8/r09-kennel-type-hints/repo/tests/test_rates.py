import unittest

from kennel.rates import long_stay_discount, nightly_rate, stay_cost


class RatesTest(unittest.TestCase):
    def test_nightly(self):
        self.assertEqual(nightly_rate("Medium"), 3400)
        with self.assertRaises(ValueError):
            nightly_rate("huge")

    def test_discounts(self):
        self.assertEqual([long_stay_discount(n) for n in (6, 7, 13, 14)], [0, 10, 10, 15])

    def test_stay_cost(self):
        self.assertEqual(stay_cost("small", 2), 5600)
        self.assertEqual(stay_cost("large", 7, ["bath"]), 4200 * 7 * 90 // 100 + 1800)

    def test_zero_nights(self):
        with self.assertRaises(ValueError):
            stay_cost("small", 0)


if __name__ == "__main__":
    unittest.main()
