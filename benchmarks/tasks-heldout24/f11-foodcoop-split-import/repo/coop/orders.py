"""Turning the month's order sheet into what each member owes.

The order sheet is a CSV file with the columns member, item and quantity
(whole units). A member may have several lines, also for the same item.
"""
import csv

from coop import catalogue


def import_orders(path):
    """{member: {"items": {item: quantity}, "subtotal": pence, "discount":
    pence, "total": pence}}, members in order of first appearance."""
    lines = []
    with open(path, newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f), 2):
            member = (row.get("member") or "").strip()
            item = (row.get("item") or "").strip().lower()
            if not member or not item:
                raise ValueError("line %d: member and item are needed" % n)
            try:
                qty = int(row.get("quantity") or "")
            except ValueError:
                raise ValueError("line %d: quantity must be a whole number" % n) from None
            if qty <= 0:
                raise ValueError("line %d: quantity must be at least 1" % n)
            lines.append((member, item, qty))

    orders = {}
    for member, item, qty in lines:
        order = orders.setdefault(member, {"items": {}, "subtotal": 0, "discount": 0, "total": 0})
        order["items"][item] = order["items"].get(item, 0) + qty
        order["subtotal"] += catalogue.price_of(item) * qty
    for order in orders.values():
        if order["subtotal"] >= catalogue.MEMBER_DISCOUNT_FROM:
            order["discount"] = order["subtotal"] * catalogue.MEMBER_DISCOUNT // 100
        order["total"] = order["subtotal"] - order["discount"]
    return orders


def grand_total(orders):
    return sum(o["total"] for o in orders.values())
