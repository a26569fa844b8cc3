import unittest
from datetime import date

from chocolatier.orders import read_orders, week_of
from chocolatier.report import format_money, format_weight, product_rows, report_lines

CSV = """date,customer,product,grams,pence
2025-03-03,Mrs Adeyemi,Dark truffles,250,1690
2025-03-04,Hotel Belmont,Dark truffles,1000,6500
2025-03-05,Walk-in,Rose creams,150,1150
2025-03-11,Walk-in,Rose creams,300,2300
"""


class FormatTests(unittest.TestCase):
    def test_weight(self):
        self.assertEqual(format_weight(1250), "1250g")

    def test_money(self):
        self.assertEqual(format_money(8450), "£84.50")
        self.assertEqual(format_money(5), "£0.05")


class ReportTests(unittest.TestCase):
    def setUp(self):
        self.orders = read_orders(CSV.splitlines())

    def test_week_of(self):
        self.assertEqual(week_of(date(2025, 3, 9)), date(2025, 3, 3))

    def test_product_rows(self):
        self.assertEqual(product_rows(self.orders[:3])[0], ("Dark truffles", 2, 1250, 8190))

    def test_report(self):
        lines = report_lines(self.orders, date(2025, 3, 3))
        self.assertEqual(lines[0], "Weekly report, week of 3 March 2025")
        self.assertIn("Busiest day: Monday (1 orders)", lines)
        self.assertTrue(lines[-1].startswith("Average order: 467g"))

    def test_empty_week(self):
        self.assertEqual(report_lines(self.orders, date(2025, 4, 7))[-1], "No orders this week.")


if __name__ == "__main__":
    unittest.main()
