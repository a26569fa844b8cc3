"""Customer records from customers.csv."""
import csv
from dataclasses import dataclass
from datetime import date
from pathlib import Path

CUSTOMERS_FILE = Path(__file__).resolve().parent.parent / "customers.csv"


@dataclass
class Customer:
    name: str
    phone: str
    fuel: str
    last_sweep: date


def load_customers(path=CUSTOMERS_FILE):
    with open(path, newline="", encoding="utf-8") as fh:
        return [Customer(r["name"], r["phone"], r["fuel"], date.fromisoformat(r["last_sweep"]))
                for r in csv.DictReader(fh)]
