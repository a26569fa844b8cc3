import unittest
from datetime import date

from lessons.invoices import invoices
from lessons.pupils import cost

PUPILS = {"A": ("a@x", 1600), "B": ("b@x", 1800)}
LESSONS = [(date(2025, 9, 1), "16:00", "A", 30), (date(2025, 9, 8), "16:00", "A", 45),
           (date(2025, 9, 8), "17:00", "B", 60), (date(2025, 10, 6), "16:00", "A", 30)]


class InvoiceTests(unittest.TestCase):
    def test_cost_pro_rata(self):
        self.assertEqual(cost(45, 1600), 2400)

    def test_one_month(self):
        self.assertEqual(invoices(LESSONS, PUPILS, 2025, 9), {"A": (2, 4000), "B": (1, 3600)})


if __name__ == "__main__":
    unittest.main()
