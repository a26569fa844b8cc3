import os
import unittest
from decimal import Decimal

from ledgerlite import parse_amount, read_statement

HERE = os.path.dirname(os.path.abspath(__file__))


class ParseAmountTests(unittest.TestCase):
    def test_plain(self):
        self.assertEqual(parse_amount("12.50"), Decimal("12.50"))

    def test_thousands_separator(self):
        self.assertEqual(parse_amount("1,234.56"), Decimal("1234.56"))

    def test_minus_sign(self):
        self.assertEqual(parse_amount(" -54.20 "), Decimal("-54.20"))

    def test_currency_symbol(self):
        self.assertEqual(parse_amount("£3.00"), Decimal("3.00"))

    def test_parenthesized_amounts_are_negative(self):
        self.assertEqual(parse_amount("(9.99)"), Decimal("-9.99"))

    def test_garbage(self):
        with self.assertRaises(ValueError):
            parse_amount("twelve")


class StatementTests(unittest.TestCase):
    def test_reads_rows_without_parentheses(self):
        path = os.path.join(HERE, "..", "samples", "statement.csv")
        with open(path, encoding="utf-8") as fh:
            header, first, second = fh.read().splitlines()[:3]
        import tempfile
        fd, tmp = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write("\n".join([header, first, second]) + "\n")
        self.addCleanup(os.remove, tmp)
        txs = read_statement(tmp)
        self.assertEqual([t.amount for t in txs], [Decimal("2450.00"), Decimal("-54.20")])


if __name__ == "__main__":
    unittest.main()
