import os
import unittest
import warnings

from letterpress.orders import deposit, order_price, read_orders

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class OrderTests(unittest.TestCase):
    def setUp(self):
        warnings.simplefilter("ignore", DeprecationWarning)
        self.rows = read_orders(os.path.join(HERE, "orders.csv"))

    def test_price_in_pounds(self):
        self.assertAlmostEqual(order_price(self.rows[2]), 162.50)

    def test_deposit_rounds_up(self):
        self.assertEqual(deposit(self.rows[1]), 35)


if __name__ == "__main__":
    unittest.main()
