"""Thank-you letters: python -m shop.letters sales.csv"""
import sys

from shop.giftaid import claim_pence, donor_totals
from shop.sales import donor_names, load_sales, pounds

LETTER = ("Dear {name}, thank you. The goods you gave us raised {raised}, "
          "and Gift Aid adds a further {claim}.")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m shop.letters SALES.csv", file=sys.stderr)
        return 2
    sales = load_sales(argv[0])
    names = donor_names(sales)
    for donor_id, raised in sorted(donor_totals(sales).items(), key=lambda kv: names[kv[0]]):
        print(LETTER.format(name=names[donor_id], raised=pounds(raised), claim=pounds(claim_pence(raised))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
