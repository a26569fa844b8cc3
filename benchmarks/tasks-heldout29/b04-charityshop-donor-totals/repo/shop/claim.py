"""The Gift Aid claim: python -m shop.claim sales.csv"""
import sys

from shop.giftaid import claim_pence, donor_totals
from shop.sales import donor_names, load_sales, pounds


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m shop.claim SALES.csv", file=sys.stderr)
        return 2
    sales = load_sales(argv[0])
    names = donor_names(sales)
    totals = donor_totals(sales)
    claimed = 0
    for donor_id, raised in totals.items():
        claim = claim_pence(raised)
        claimed += claim
        print("%-6s %-18s raised %9s  claim %8s" % (donor_id, names[donor_id], pounds(raised), pounds(claim)))
    print("total claim: %s from %d donors" % (pounds(claimed), len(totals)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
