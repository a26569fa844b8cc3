import unittest

from auction.lots import parse_sale, premium, sale_totals
from auction.report import report

SALE = """lot,title,estimate_low,estimate_high,hammer
1,Pair of Staffordshire dogs,8000,12000,9500
2,Oak blanket box,15000,20000,
3,Georgian silver teapot,60000,80000,125000
"""


class LotTests(unittest.TestCase):
    def test_parse(self):
        lots = parse_sale(SALE)
        self.assertEqual(lots[1].hammer, None)
        self.assertEqual(lots[2].high, 80000)

    def test_premium(self):
        self.assertEqual(premium(125000), 30000)
        self.assertEqual(premium(9500), 2280)

    def test_totals(self):
        self.assertEqual(sale_totals(parse_sale(SALE)), (2, 134500, 32280))


class ReportTests(unittest.TestCase):
    def test_report_lines(self):
        lines = report(parse_sale(SALE), "Spring Sale").splitlines()
        self.assertEqual(lines[0], "Spring Sale")
        self.assertIn("unsold", lines[4])
        self.assertIn("Sold 2 of 3 lots", lines)
        self.assertEqual(lines[-1], "Above top estimate: 3")


if __name__ == "__main__":
    unittest.main()
