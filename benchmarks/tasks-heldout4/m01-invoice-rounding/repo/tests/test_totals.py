import unittest
from decimal import Decimal

from invoicer import Invoice, LineItem, line_total_cents, tax_cents


class LineTotalTests(unittest.TestCase):
    def test_whole_quantity(self):
        self.assertEqual(line_total_cents(LineItem("x", 1250, Decimal("3"))), 3750)

    def test_fractional_quantity_rounds_half_up(self):
        # 3333 * 1.5 = 4999.5 -> 5000, 1999 * 1.5 = 2998.5 -> 2999
        self.assertEqual(line_total_cents(LineItem("x", 3333, Decimal("1.5"))), 5000)
        self.assertEqual(line_total_cents(LineItem("x", 1999, Decimal("1.5"))), 2999)

    def test_fractional_quantity_rounds_down_below_half(self):
        self.assertEqual(line_total_cents(LineItem("x", 1001, Decimal("0.25"))), 250)


class TaxTests(unittest.TestCase):
    def test_no_tax_by_default(self):
        self.assertEqual(tax_cents(LineItem("x", 1000)), 0)

    def test_invoice_total(self):
        inv = Invoice("1", "c")
        inv.add(LineItem("a", 1000, Decimal("2"), Decimal("0.1")))
        inv.add(LineItem("b", 500))
        self.assertEqual(inv.subtotal_cents(), 2500)
        self.assertEqual(inv.tax_total_cents(), 200)
        self.assertEqual(inv.total_cents(), 2700)


if __name__ == "__main__":
    unittest.main()
