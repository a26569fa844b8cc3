import unittest

from studio.bookings import parse_bookings
from studio.invoice import invoice_lines

CSV = """band,room,day,start,hours,engineer
The Larks,live,2025-03-07,14,3,yes
The Larks,rehearsal,2025-03-01,19,2,no
Moth Choir,rehearsal,2025-03-07,17,3,no
"""


class InvoiceTests(unittest.TestCase):
    def test_invoice(self):
        lines = invoice_lines(parse_bookings(CSV), "The Larks")
        self.assertEqual(lines[0], "Invoice for The Larks")
        self.assertTrue(lines[1].startswith("2025-03-01  rehearsal room 2 h from 19:00"))
        self.assertEqual(lines[-1], "Total due: 277.80")


if __name__ == "__main__":
    unittest.main()
