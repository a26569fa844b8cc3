import unittest

from inventory.report import format_levels, low_stock
from inventory.stock import Stock


class ReportTests(unittest.TestCase):
    def test_low_stock(self):
        stock = Stock()
        stock.receive("A", 2)
        stock.receive("B", 20)
        self.assertEqual(low_stock(stock), ["A"])

    def test_format(self):
        stock = Stock()
        stock.receive("A", 2)
        self.assertEqual(format_levels(stock), "A              2")
