import datetime
import unittest
from decimal import Decimal

from ledgerlite.parse import parse_amount, parse_date


class AmountTests(unittest.TestCase):
    def test_plain_and_signed(self):
        self.assertEqual(parse_amount("12.50"), Decimal("12.50"))
        self.assertEqual(parse_amount("-3.99"), Decimal("-3.99"))

    def test_dollar_sign(self):
        self.assertEqual(parse_amount("$7.00"), Decimal("7.00"))

    def test_parentheses_and_dr_are_debits(self):
        self.assertEqual(parse_amount("(12.50)"), Decimal("-12.50"))
        self.assertEqual(parse_amount("40.00 DR"), Decimal("-40.00"))
        self.assertEqual(parse_amount("40.00 CR"), Decimal("40.00"))


class DateTests(unittest.TestCase):
    def test_day_first(self):
        self.assertEqual(parse_date("03/02/2026"), datetime.date(2026, 2, 3))
