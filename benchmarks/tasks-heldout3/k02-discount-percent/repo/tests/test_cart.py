import unittest

from shopcart import Cart


class CartTests(unittest.TestCase):
    def test_subtotal(self):
        cart = Cart()
        cart.add("mug", 8.5, 2)
        cart.add("tea", 3.0)
        self.assertEqual(cart.subtotal(), 20.0)

    def test_total_without_discount(self):
        cart = Cart()
        cart.add("mug", 10, 1)
        self.assertEqual(cart.total(), 12.0)
