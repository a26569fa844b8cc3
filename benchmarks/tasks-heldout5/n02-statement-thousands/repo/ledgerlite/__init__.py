"""ledgerlite: import CSV bank statements."""
from ledgerlite.importer import Transaction, read_statement, totals

__all__ = ["Transaction", "read_statement", "totals"]
