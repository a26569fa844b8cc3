"""Where the numbers come from (a fixed sample for now)."""

SALES = [
    {"region": "north", "month": "2024-05", "total": 1200},
    {"region": "south", "month": "2024-05", "total": 950},
]


def monthly_sales():
    return [dict(row) for row in SALES]
