"""The weekly report: orders, weight and takings for each product.

    python -m chocolatier.report orders.csv                  # the latest week
    python -m chocolatier.report orders.csv --week 2025-03-03
"""
import argparse
import sys
from collections import Counter
from datetime import date

from chocolatier.orders import in_week, load_orders, week_of


def format_weight(grams):
    return "%dg" % grams


def format_money(pence):
    return "£%d.%02d" % divmod(pence, 100)


def product_rows(orders):
    """[(product, orders, grams, pence)], best sellers (by takings) first."""
    rows = {}
    for o in orders:
        n, g, p = rows.get(o.product, (0, 0, 0))
        rows[o.product] = (n + 1, g + o.grams, p + o.pence)
    return sorted(((k,) + v for k, v in rows.items()), key=lambda r: (-r[3], r[0]))


def report_lines(orders, monday):
    week = in_week(orders, monday)
    lines = ["Weekly report, week of %s" % monday.strftime("%-d %B %Y")]
    if not week:
        return lines + ["No orders this week."]
    lines.append("%-24s %6s %10s %11s" % ("Product", "Orders", "Weight", "Takings"))
    for product, n, grams, pence in product_rows(week):
        lines.append("%-24s %6d %10s %11s" % (product, n, format_weight(grams), format_money(pence)))
    grams = sum(o.grams for o in week)
    pence = sum(o.pence for o in week)
    lines.append("%-24s %6d %10s %11s" % ("Total", len(week), format_weight(grams), format_money(pence)))
    day, count = Counter(o.day for o in week).most_common(1)[0]
    lines.append("Busiest day: %s (%d orders)" % (day.strftime("%A"), count))
    big = max(week, key=lambda o: (o.grams, o.day))
    lines.append("Heaviest order: %dg, %s on %s" % (big.grams, big.customer, big.day.strftime("%A")))
    lines.append("Average order: %s, %s" % (format_weight(round(grams / len(week))),
                                            format_money(round(pence / len(week)))))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m chocolatier.report")
    parser.add_argument("orders")
    parser.add_argument("--week", type=date.fromisoformat, help="any day of the week wanted")
    args = parser.parse_args(argv)
    orders = load_orders(args.orders)
    monday = week_of(args.week or max(o.day for o in orders))
    print("\n".join(report_lines(orders, monday)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
