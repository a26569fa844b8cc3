"""Print the sale report: python -m auction.report SALE.csv TITLE"""
import sys

from auction.lots import PREMIUM_RATE, above_estimate, parse_sale, premium, sale_totals


def lot_line(lot):
    line = "Lot %-4d %-34s est %d-%d" % (lot.number, lot.title, lot.low, lot.high)
    if lot.hammer is None:
        return line + "  unsold"
    return line + "  hammer %d  premium %d" % (lot.hammer, premium(lot.hammer))


def report(lots, title):
    sold, hammer, prem = sale_totals(lots)
    lines = [title, "Buyer's premium %d%% of the hammer price" % round(PREMIUM_RATE * 100), ""]
    lines += [lot_line(lot) for lot in lots]
    lines += [
        "",
        "Sold %d of %d lots" % (sold, len(lots)),
        "Hammer total %d" % hammer,
        "Premium total %d" % prem,
        "Takings %d" % (hammer + prem),
        "Above top estimate: %s" % (", ".join(str(l.number) for l in above_estimate(lots)) or "none"),
    ]
    return "\n".join(lines)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: python -m auction.report SALE.csv TITLE", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8", newline="") as fh:
        print(report(parse_sale(fh.read()), argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
