import unittest
from datetime import date

from libloan import Loan, fine_for, overdue_report


class FineTests(unittest.TestCase):
    def test_book_fine(self):
        loan = Loan("The Hobbit", "book", date(2024, 5, 2))
        self.assertEqual(fine_for(loan, date(2024, 6, 1)), 1.8)

    def test_cap(self):
        loan = Loan("Alien", "dvd", date(2024, 1, 1))
        self.assertEqual(fine_for(loan, date(2024, 6, 1)), 10.0)

    def test_report(self):
        loans = [Loan("A", "book", date(2024, 5, 2)), Loan("B", "dvd", date(2024, 5, 20)),
                 Loan("C", "magazine", date(2024, 5, 30))]
        self.assertEqual(overdue_report(loans, date(2024, 6, 1)),
                         ["A: 6 days, fine 1.80", "B: 3 days, fine 3.00"])


if __name__ == "__main__":
    unittest.main()
