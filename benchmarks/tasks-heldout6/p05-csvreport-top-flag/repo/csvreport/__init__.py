"""csvreport: group CSV rows by a column and total another."""
from csvreport.aggregate import group_totals
from csvreport.loader import load_rows

__all__ = ["group_totals", "load_rows"]
