"""python -m tours.booking SIZE [--language L] [--tower] [--hours H]: price a tour."""
import argparse

from tours.rules import MAX_GROUP
from tours.staffing import guide_fee_pence, guides_for


def book_tour(size, language="English", tower=False, hours=1):
    if not 1 <= size <= MAX_GROUP:
        raise ValueError("groups are 1 to %d people" % MAX_GROUP)
    guides = guides_for(size, language, tower)
    return {"size": size, "guides": guides, "fee_pence": guide_fee_pence(guides, hours) + size * 600}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tours.booking")
    ap.add_argument("size", type=int)
    ap.add_argument("--language", default="English")
    ap.add_argument("--tower", action="store_true")
    ap.add_argument("--hours", type=int, default=1)
    args = ap.parse_args(argv)
    b = book_tour(args.size, args.language, args.tower, args.hours)
    print("%d visitors, %d guide(s), fee \u00a3%.2f" % (b["size"], b["guides"], b["fee_pence"] / 100))


if __name__ == "__main__":
    main()
