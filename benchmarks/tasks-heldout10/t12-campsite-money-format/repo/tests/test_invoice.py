import unittest

from pitchbook.invoice import invoice_total, line_items, render_invoice


class InvoiceTests(unittest.TestCase):
    def test_line_items(self):
        items = line_items("C4", 3, [("electricity", 1), ("firewood", 2)])
        self.assertEqual(items[0], ("Caravan C4 x 3 nights", 96.0))
        self.assertEqual(items[1][1], 13.5)
        self.assertEqual(items[2][1], 14.5)

    def test_total(self):
        items = line_items("L2", 2, [("dog", 1)])
        self.assertEqual(invoice_total(items), 2246.0)

    def test_render_has_guest_and_total(self):
        text = render_invoice("R. Singh", line_items("A1", 2))
        self.assertIn("Invoice for R. Singh", text)
        self.assertTrue(text.splitlines()[-1].strip().startswith("TOTAL"))


if __name__ == "__main__":
    unittest.main()
