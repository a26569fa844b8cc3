"""Reading the order book.

orders.csv has one row per order: date,customer,product,grams,pence
(the price in pence, the weight of chocolate in grams).
"""
import csv
from collections import namedtuple
from datetime import date, timedelta

Order = namedtuple("Order", "day customer product grams pence")


def read_orders(lines):
    out = []
    for row in csv.DictReader(lines):
        if not (row.get("date") or "").strip():
            continue
        grams, pence = int(row["grams"]), int(row["pence"])
        if grams <= 0 or pence < 0:
            raise ValueError("bad order for %s on %s" % (row["customer"], row["date"]))
        out.append(Order(date.fromisoformat(row["date"].strip()), row["customer"].strip(),
                         row["product"].strip(), grams, pence))
    return out


def load_orders(path):
    with open(path, newline="", encoding="utf-8") as f:
        return read_orders(f)


def week_of(day):
    """The Monday of the week `day` falls in."""
    return day - timedelta(days=day.weekday())


def in_week(orders, monday):
    return [o for o in orders if week_of(o.day) == monday]
