import unittest
from decimal import Decimal
from pathlib import Path

from ledger.importer import read_transactions
from ledger.report import balance

SAMPLE = Path(__file__).with_name("sample.csv")


class ImporterTests(unittest.TestCase):
    def test_reads_every_row(self):
        rows = read_transactions(SAMPLE)
        self.assertEqual([t.payee for t in rows], ["Landlord", "Grocer", "Employer"])

    def test_balance(self):
        self.assertEqual(balance(read_transactions(SAMPLE)), Decimal("1385.80"))
