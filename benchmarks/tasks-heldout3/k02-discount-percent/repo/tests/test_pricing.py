import unittest

from shopcart.pricing import add_tax, apply_discount


class DiscountTests(unittest.TestCase):
    def test_fifteen_percent(self):
        self.assertEqual(apply_discount(200, 15), 170.0)

    def test_no_discount(self):
        self.assertEqual(apply_discount(19.99, 0), 19.99)

    def test_out_of_range(self):
        with self.assertRaises(ValueError):
            apply_discount(10, 150)


class TaxTests(unittest.TestCase):
    def test_default_rate(self):
        self.assertEqual(add_tax(100), 120.0)
