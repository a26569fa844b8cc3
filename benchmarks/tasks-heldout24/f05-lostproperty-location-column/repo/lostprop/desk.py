"""The desk's command line.

    python -m lostprop.desk list [--held] [--log FILE]
    python -m lostprop.desk add DESCRIPTION WHERE [--log FILE]
    python -m lostprop.desk claim REF [--log FILE]
"""
import argparse
import sys
from datetime import date

from lostprop.items import Item, next_ref, read_log, write_log

LOG = "lost_property.csv"


def main(argv=None, today=None):
    today = today or date.today()
    parser = argparse.ArgumentParser(prog="lostprop.desk")
    parser.add_argument("--log", default=LOG)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("list")
    p.add_argument("--held", action="store_true", help="only items still held")
    p = sub.add_parser("add")
    p.add_argument("description")
    p.add_argument("where")
    p = sub.add_parser("claim")
    p.add_argument("ref")
    args = parser.parse_args(argv)

    items = read_log(args.log)
    if args.command == "list":
        for i in items:
            if not args.held or i.status == "held":
                print("%s  %s  %-28s %-16s %s" % (i.ref, i.found.isoformat(), i.description, i.where, i.status))
        return 0
    if args.command == "add":
        item = Item(next_ref(items, today), today, args.description, args.where)
        items.append(item)
        print("added", item.ref)
    else:
        match = [i for i in items if i.ref == args.ref]
        if not match:
            print("no item %s" % args.ref, file=sys.stderr)
            return 1
        match[0].status = "claimed"
        print("claimed", args.ref)
    write_log(args.log, items)
    return 0


if __name__ == "__main__":
    sys.exit(main())
