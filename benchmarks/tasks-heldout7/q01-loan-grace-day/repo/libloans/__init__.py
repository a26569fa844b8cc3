"""Library loan helpers: due dates and overdue fines."""
from .dates import days_late, due_date, parse_date
from .fines import fine_for, total_fines

__all__ = ["days_late", "due_date", "parse_date", "fine_for", "total_fines"]
