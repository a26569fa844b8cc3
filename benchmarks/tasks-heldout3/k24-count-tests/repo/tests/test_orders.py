import unittest

from inventory.orders import PurchaseOrder
from inventory.stock import Stock


class OrderTests(unittest.TestCase):
    def check_totals(self, order, expected):
        self.assertEqual(order.total(), expected)

    def test_empty_order(self):
        self.check_totals(PurchaseOrder("Acme"), 0)

    def test_total(self):
        order = PurchaseOrder("Acme")
        order.add_line("BOLT", 100, 0.05)
        order.add_line("NUT", 100, 0.03)
        self.check_totals(order, 8.0)

    def test_receive_into_stock(self):
        order = PurchaseOrder("Acme")
        order.add_line("BOLT", 3, 1.0)
        stock = Stock()
        order.receive_into(stock)
        self.assertEqual(stock.level("BOLT"), 3)
