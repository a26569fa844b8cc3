"""python -m fridge.binlist ITEMS.csv [--today YYYY-MM-DD]: what has to come out today."""
import argparse
from datetime import date

from fridge.items import load_items
from fridge.sheet import days_left


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fridge.binlist")
    ap.add_argument("items")
    ap.add_argument("--today", type=date.fromisoformat, default=date.today())
    args = ap.parse_args(argv)
    over = [(i, -days_left(i, args.today)) for i in load_items(args.items) if days_left(i, args.today) < 0]
    for i, n in over:
        print("OUT: %s (%s), %d day(s) over" % (i.name, i.kind, n))
    print("%d to take out" % len(over) if over else "Nothing to take out.")


if __name__ == "__main__":
    main()
