import unittest

from ice.designs import Design
from ice.order import blocks_to_order
from ice.pricing import carving_pence, delivery_pence
from ice.quote import event_price

SWAN = Design("Swan", 2, 3.5)


class QuoteTest(unittest.TestCase):
    def test_carving_by_half_hour(self):
        self.assertEqual(carving_pence(Design("X", 1, 2.1)), 5 * 2400)

    def test_delivery_minimum(self):
        self.assertEqual(delivery_pence(3), 3500)
        self.assertEqual(delivery_pence(30.2), 31 * 180)

    def test_no_rush(self):
        lines = event_price(SWAN, 10, 21)
        self.assertEqual(lines[-1], ("total", 13000 + 16800 + 3500))

    def test_rush_line(self):
        lines = event_price(SWAN, 10, 3)
        self.assertEqual(lines[-2][0], "rush (under a week)")

    def test_order_spare(self):
        self.assertEqual(blocks_to_order([SWAN, Design("T", 9, 11)]), 13)


if __name__ == "__main__":
    unittest.main()
