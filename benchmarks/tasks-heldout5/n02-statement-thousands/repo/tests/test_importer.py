import os
import tempfile
import unittest
from decimal import Decimal

from ledgerlite.importer import read_statement, totals

CSV = """Date,Description,Amount
05/01/2026,Coffee,-3.20
02/01/2026,Salary,2500.00
04/01/2026,Rent,(950.00)
"""


class ImporterTests(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", newline="") as fh:
            fh.write(CSV)

    def tearDown(self):
        os.remove(self.path)

    def test_rows_sorted_by_date(self):
        txns = read_statement(self.path)
        self.assertEqual([t.description for t in txns], ["Salary", "Rent", "Coffee"])

    def test_totals(self):
        money_in, money_out, net = totals(read_statement(self.path))
        self.assertEqual(money_in, Decimal("2500.00"))
        self.assertEqual(money_out, Decimal("953.20"))
        self.assertEqual(net, Decimal("1546.80"))
