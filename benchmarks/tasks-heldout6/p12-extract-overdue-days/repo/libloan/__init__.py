"""libloan: loan periods, overdue checks and fines."""
from libloan.fines import fine_for
from libloan.loans import LOAN_DAYS, Loan, overdue_days
from libloan.report import overdue_report

__all__ = ["LOAN_DAYS", "Loan", "fine_for", "overdue_days", "overdue_report"]
