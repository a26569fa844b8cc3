import unittest

from spendlog.ledger import parse_amount
from spendlog.report import format_report, totals_by_category
from spendlog.ledger import Expense


class LedgerTest(unittest.TestCase):
    def test_parse_amount(self):
        self.assertEqual(parse_amount("12.50"), 1250)
        self.assertEqual(parse_amount("12.5"), 1250)
        self.assertEqual(parse_amount("7"), 700)

    def test_parse_amount_rejects(self):
        for bad in ("", "1.234", "-3", "ten"):
            with self.assertRaises(ValueError):
                parse_amount(bad)

    def test_report(self):
        rows = [Expense("2026-02-01", "food", 1250, ""),
                Expense("2026-02-02", "bus", 300, ""),
                Expense("2026-02-09", "food", 100, "")]
        self.assertEqual(format_report(totals_by_category(rows)),
                         "bus: 3.00\nfood: 13.50\ntotal: 16.50")


if __name__ == "__main__":
    unittest.main()
