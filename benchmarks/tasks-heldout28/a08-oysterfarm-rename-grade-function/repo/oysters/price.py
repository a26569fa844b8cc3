"""python -m oysters.price ORDER...: price an order given as DOZENxGRAMS, e.g. 4x155 2x92."""
import argparse

from oysters.grading import UNDERSIZE, calc_g

PENCE_PER_DOZEN = {"No.1": 2280, "No.2": 1860, "No.3": 1500, "No.4": 1140}
TRADE_DISCOUNT_PERCENT = 12


def calc_gross(dozens, grade):
    """Price in pence before any discount."""
    return dozens * PENCE_PER_DOZEN[grade]


def order_lines(items, trade=False):
    lines, total = [], 0
    for dozens, grams in items:
        grade = calc_g(grams)
        if grade == UNDERSIZE:
            raise ValueError("%sg oysters are undersize and cannot be sold" % grams)
        pence = calc_gross(dozens, grade)
        total += pence
        lines.append("%3d doz %-5s %8.2f" % (dozens, grade, pence / 100))
    if trade:
        off = total * TRADE_DISCOUNT_PERCENT // 100
        lines.append("%-17s %8.2f" % ("trade discount", -off / 100))
        total -= off
    lines.append("%-17s %8.2f" % ("total", total / 100))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m oysters.price")
    parser.add_argument("items", nargs="+", help="DOZENxGRAMS")
    parser.add_argument("--trade", action="store_true")
    args = parser.parse_args(argv)
    items = [(int(d), float(g)) for d, g in (item.lower().split("x") for item in args.items)]
    try:
        print("\n".join(order_lines(items, args.trade)))
    except ValueError as exc:
        raise SystemExit("error: %s" % exc)


if __name__ == "__main__":
    main()
