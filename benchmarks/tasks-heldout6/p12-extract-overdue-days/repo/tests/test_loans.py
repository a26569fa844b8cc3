import unittest
from datetime import date

from libloan.loans import Loan, overdue_days


class OverdueTests(unittest.TestCase):
    def test_not_overdue(self):
        self.assertEqual(overdue_days(date(2024, 5, 10), date(2024, 5, 10)), 0)
        self.assertEqual(overdue_days(date(2024, 5, 10), date(2024, 5, 1)), 0)

    def test_plain_days(self):
        self.assertEqual(overdue_days(date(2024, 5, 10), date(2024, 5, 15)), 5)

    def test_grace_and_closed(self):
        # 2024-05-11 .. 2024-05-15: Sat, Sun, Mon, Tue, Wed; Sunday is closed.
        self.assertEqual(overdue_days(date(2024, 5, 10), date(2024, 5, 15), 0, (6,)), 4)
        self.assertEqual(overdue_days(date(2024, 5, 10), date(2024, 5, 15), 2, (6,)), 2)

    def test_loan_due(self):
        loan = Loan("The Hobbit", "book", date(2024, 5, 2))
        self.assertEqual(loan.due, date(2024, 5, 23))
        self.assertEqual(loan.days_overdue(date(2024, 6, 1)), 6)


if __name__ == "__main__":
    unittest.main()
