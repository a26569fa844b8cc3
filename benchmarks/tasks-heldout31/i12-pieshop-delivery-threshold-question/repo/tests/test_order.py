import unittest

from pies.order import delivery_charge, price


class OrderTest(unittest.TestCase):
    def test_price(self):
        self.assertEqual(price([("pork", 2), ("Apple", 1)]), 1025)

    def test_small_order_pays_delivery(self):
        self.assertEqual(delivery_charge(1000, "LE2 7AB"), 350)

    def test_big_order_free(self):
        self.assertEqual(delivery_charge(5000, "le1 1aa"), 0)

    def test_outside_area(self):
        with self.assertRaises(ValueError):
            delivery_charge(5000, "NG7 2RD")


if __name__ == "__main__":
    unittest.main()
