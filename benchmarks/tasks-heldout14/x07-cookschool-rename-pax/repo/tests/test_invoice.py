import unittest

from cookclass import Booking
from cookclass.invoice import invoice_line, invoice_total


class InvoiceTest(unittest.TestCase):
    def test_small_party(self):
        self.assertEqual(invoice_total(Booking("thai", "Ruiz", pax=2)), 150)

    def test_group_discount(self):
        b = Booking("knife", "Ruiz", pax=6)
        self.assertEqual(invoice_total(b), 297.0)
        self.assertEqual(invoice_line(b), "6 x Knife skills @ 55.00 = 297.00")


if __name__ == "__main__":
    unittest.main()
