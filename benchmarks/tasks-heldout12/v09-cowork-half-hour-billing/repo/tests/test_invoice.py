import unittest

from deskday.invoice import euros, invoice, invoice_line


class InvoiceTest(unittest.TestCase):
    def test_euros(self):
        self.assertEqual(euros(1250), "EUR 12.50")

    def test_line(self):
        self.assertEqual(invoice_line("hot desk", "09:00", "10:40"),
                         "Hot desk      09:00-10:40   2 h  EUR 12.00")

    def test_invoice(self):
        text = invoice("Ada", [("hot desk", "09:00", "10:10"), ("meeting room", "14:00", "14:30")])
        self.assertEqual(text.splitlines(), [
            "Invoice for Ada",
            "Hot desk      09:00-10:10   2 h  EUR 12.00",
            "Meeting room  14:00-14:30   1 h  EUR 24.00",
            "Total: EUR 36.00",
        ])


if __name__ == "__main__":
    unittest.main()
