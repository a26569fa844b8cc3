import unittest

from inventory.stock import OutOfStock, Stock


class StockTests(unittest.TestCase):
    def setUp(self):
        self.stock = Stock()
        self._fill("BOLT", 10)

    def _fill(self, sku, qty):
        self.stock.receive(sku, qty)

    def test_receive_adds(self):
        self._fill("BOLT", 5)
        self.assertEqual(self.stock.level("BOLT"), 15)

    def test_take_subtracts(self):
        self.stock.take("BOLT", 4)
        self.assertEqual(self.stock.level("BOLT"), 6)

    def test_take_too_much(self):
        with self.assertRaises(OutOfStock):
            self.stock.take("BOLT", 11)

    def test_unknown_sku_is_zero(self):
        self.assertEqual(self.stock.level("NUT"), 0)
