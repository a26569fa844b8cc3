import unittest

from pizzeria.orders import order_total, two_for_one


class OrderTests(unittest.TestCase):
    def test_plain_order(self):
        self.assertEqual(order_total(["margherita", "coleslaw"]), 1100)

    def test_two_for_one_pairs(self):
        self.assertEqual(two_for_one([850, 1050]), 1050)

    def test_coupon_needs_two_pizzas(self):
        self.assertEqual(order_total(["veggie"], coupon="TWOFOR1"), 975)

    def test_delivery_charged_on_small_orders(self):
        self.assertEqual(order_total(["hawaiian"], delivery=True), 1299)

    def test_free_delivery(self):
        self.assertEqual(order_total(["pepperoni"] * 3, delivery=True), 3150)
