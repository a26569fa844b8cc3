import unittest

from tutorbook.invoice import invoice, line
from tutorbook.money import lesson_fee


class InvoiceTest(unittest.TestCase):
    def test_fee(self):
        self.assertEqual(lesson_fee("maths", 45), 2400)

    def test_line(self):
        self.assertEqual(line("physics", 45), "physics   45 min  GBP 25.50")

    def test_total(self):
        text = invoice("Ruby Ellis", [("maths", 60), ("english", 30)])
        self.assertTrue(text.endswith("Total due: GBP 47.00"))


if __name__ == "__main__":
    unittest.main()
