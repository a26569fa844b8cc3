import unittest

from bobatea.orders import make_drink
from bobatea.till import price, ticket


class TillTests(unittest.TestCase):
    def test_price(self):
        self.assertEqual(price(make_drink("oolong", "large", 50, toppings=["pearls", "jelly"])), 570)

    def test_ticket(self):
        d = make_drink("oolong", "small", 30, "no ice", ["pudding"])
        self.assertEqual(ticket(3, d), "#3 oolong (small) 30% sugar, no ice, +pudding  £4.00")


if __name__ == "__main__":
    unittest.main()
