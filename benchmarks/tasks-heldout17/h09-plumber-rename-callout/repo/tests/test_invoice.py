import unittest

from pipework.invoice import invoice
from pipework.rates import parts_price


class InvoiceTest(unittest.TestCase):
    def test_minimum_hour(self):
        lines, total = invoice(0.5, [])
        self.assertEqual(lines[0], "Labour 0.5 h: 55.00")
        self.assertEqual(total, 66.0)

    def test_half_hours_round_up(self):
        self.assertEqual(invoice(1.2, [])[1], 99.0)

    def test_emergency_with_parts(self):
        lines, total = invoice(2, [10.0], emergency=True)
        self.assertEqual(lines[1], "Part: 11.50")
        self.assertEqual(total, 211.8)


class PartsTest(unittest.TestCase):
    def test_markup(self):
        self.assertEqual(parts_price(20.0), 23.0)


if __name__ == "__main__":
    unittest.main()
