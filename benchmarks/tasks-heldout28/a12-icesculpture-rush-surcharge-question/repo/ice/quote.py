"""python -m ice.quote DESIGN --miles M --notice DAYS: a quote for a sculpture."""
import argparse
import sys

from ice.designs import find_design, load_designs
from ice.pricing import blocks_pence, carving_pence, delivery_pence

RUSH_PERCENT = 15


def event_price(design, miles, days_notice):
    """[(line, pence)] for a job, ending with the total."""
    lines = [("%d blocks" % design.blocks, blocks_pence(design)),
             ("carving, %g h" % design.hours, carving_pence(design)),
             ("delivery, %g miles" % miles, delivery_pence(miles))]
    subtotal = sum(p for _, p in lines)
    if days_notice < 7:
        lines.append(("rush (under a week)", subtotal * RUSH_PERCENT // 100))
    lines.append(("total", sum(p for _, p in lines)))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ice.quote")
    parser.add_argument("design")
    parser.add_argument("--miles", type=float, default=0)
    parser.add_argument("--notice", type=int, default=14, help="days between booking and the event")
    args = parser.parse_args(argv)
    try:
        design = find_design(load_designs(), args.design)
    except LookupError as exc:
        sys.exit("error: %s" % exc.args[0])
    print(design.name)
    for what, pence in event_price(design, args.miles, args.notice):
        print("  %-24s %10s" % (what, "£%.2f" % (pence / 100)))


if __name__ == "__main__":
    main()
