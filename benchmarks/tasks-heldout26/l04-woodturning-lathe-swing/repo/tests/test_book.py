import unittest

from turnery.book import price
from turnery.orders import parse_order


class PriceTests(unittest.TestCase):
    def test_minimum_price(self):
        self.assertEqual(price(parse_order("lidded box, ash, 60x40")), 1500)

    def test_quantity(self):
        one = price(parse_order("bowl, walnut, 250x60"))
        self.assertEqual(price(parse_order("bowl, walnut, 250x60, 3")), 3 * one)


if __name__ == "__main__":
    unittest.main()
