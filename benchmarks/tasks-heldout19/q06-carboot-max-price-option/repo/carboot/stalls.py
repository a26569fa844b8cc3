"""Items for sale, as (seller, item, price in pence)."""

ITEMS = [
    ("Pat", "teapot", 350),
    ("Pat", "board game", 200),
    ("Raj", "bike lamp", 450),
    ("Raj", "paperbacks (5)", 100),
    ("Lou", "garden chair", 1200),
    ("Lou", "vase", 250),
    ("Raj", "drill", 1500),
    ("Pat", "jigsaw", 75),
]


def items(stall=None):
    """Items in the order they were listed, optionally one seller's only."""
    return [i for i in ITEMS if stall is None or i[0].lower() == stall.lower()]


def line(item):
    seller, what, pence = item
    return "%-5s %-16s %3d.%02d" % (seller, what, pence // 100, pence % 100)
