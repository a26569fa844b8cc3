"""Read bank CSV exports."""
import csv
from decimal import Decimal

from .models import Transaction


def read_transactions(path):
    """Return the list of Transactions in the CSV file at *path*.

    The file has a header row: date,payee,amount.
    """
    transactions = []
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for line_no, row in enumerate(reader):
            if line_no == 0:
                continue  # skip the header
            if not row.get("date"):
                continue
            transactions.append(
                Transaction(row["date"].strip(), row["payee"].strip(), Decimal(row["amount"]))
            )
    return transactions
