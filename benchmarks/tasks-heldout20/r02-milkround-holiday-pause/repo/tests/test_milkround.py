import unittest
from datetime import date

from milkround.book import load, month_bill, statement
from milkround.orders import Order, deliveries

BOOK = """# the round book
Mr Hale, whole, 1, 0 1 2 3 4 5
Mrs Patel, semi, 2, 0 2 4
"""


class RoundTests(unittest.TestCase):
    def test_load(self):
        hale, patel = load(BOOK)
        self.assertEqual((patel.customer, patel.milk, patel.pints), ("Mrs Patel", "semi", 2))
        self.assertEqual(patel.days, {0, 2, 4})

    def test_deliveries_in_june(self):
        order = Order("Ann", "oat", 1, [5])
        self.assertEqual(len(deliveries(order, 2024, 6)), 5)

    def test_paused_date_object(self):
        order = Order("Ann", "oat", 1, [5], paused=[date(2024, 6, 8)])
        self.assertEqual(len(deliveries(order, 2024, 6)), 4)

    def test_bill(self):
        patel = load(BOOK)[1]
        self.assertEqual(month_bill(patel, 2024, 8), 13 * 2 * 90)

    def test_statement(self):
        self.assertEqual(statement(load(BOOK), 2024, 8), ["Mr Hale: 25.65", "Mrs Patel: 23.40"])
