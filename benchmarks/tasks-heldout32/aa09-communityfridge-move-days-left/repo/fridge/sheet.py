"""python -m fridge.sheet ITEMS.csv [--today YYYY-MM-DD]: what is in the fridge, soonest first."""
import argparse
from datetime import date, timedelta

from fridge.items import load_items

COOKED_DAYS = 2  # home-cooked food goes two days after it was given


def days_left(item, today):
    """Days until the item must go: 0 on its last day, negative once it is over."""
    last = item.use_by
    if item.kind == "cooked" or last is None:
        cooked_last = item.donated + timedelta(days=COOKED_DAYS)
        last = cooked_last if last is None else min(last, cooked_last)
    return (last - today).days


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fridge.sheet")
    ap.add_argument("items")
    ap.add_argument("--today", type=date.fromisoformat, default=date.today())
    args = ap.parse_args(argv)
    items = [i for i in load_items(args.items) if days_left(i, args.today) >= 0]
    for i in sorted(items, key=lambda i: (days_left(i, args.today), i.name)):
        n = days_left(i, args.today)
        print("%-20s %-8s %s" % (i.name, i.kind, "last day today" if n == 0 else "%d day(s) left" % n))
    print("%d items in the fridge" % len(items))


if __name__ == "__main__":
    main()
