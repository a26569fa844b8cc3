import unittest
from datetime import date

from shelfmark.loans import Loan, days_left, describe, load_loans


class LoanTests(unittest.TestCase):
    def test_load(self):
        loans = load_loans()
        self.assertEqual(len(loans), 5)
        self.assertEqual(loans[1].due, date(2026, 12, 9))

    def test_days_left(self):
        loan = Loan("L9", "M1", "Emma", date(2026, 12, 10))
        self.assertEqual(days_left(loan, date(2026, 12, 6)), 4)
        self.assertEqual(days_left(loan, date(2026, 12, 12)), -2)

    def test_describe(self):
        loan = Loan("L9", "M1", "Emma", date(2026, 12, 10))
        self.assertTrue(describe(loan, date(2026, 12, 10)).endswith("due today"))
        self.assertIn("overdue by 1 days", describe(loan, date(2026, 12, 11)))


if __name__ == "__main__":
    unittest.main()
