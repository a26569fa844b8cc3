"""Show the roast log a page at a time, newest batch first."""
import argparse
import sys
from pathlib import Path

from roastery.batches import load_log, weight_loss

LOG = Path(__file__).resolve().parent.parent / "roast_log.csv"
PER_PAGE = 10


def newest_first(batches):
    return sorted(batches, key=lambda b: (b.date, b.number), reverse=True)


def page_count(total, per_page=PER_PAGE):
    """How many pages `total` batches fill (an empty log still has one page)."""
    return total // per_page + 1


def page(batches, number, per_page=PER_PAGE):
    """The batches shown on page `number`; pages are numbered from 1."""
    if per_page < 1:
        raise ValueError("per_page must be at least 1")
    pages = page_count(len(batches), per_page)
    if not 1 <= number <= pages:
        raise ValueError("there is no page %d (the log has %d)" % (number, pages))
    start = number * per_page
    return batches[start:start + per_page]


def format_batch(b):
    return "%s  #%-4d %-24s %-6s %5.1f kg -> %5.1f kg  (%.1f%% lost)" % (
        b.date.isoformat(), b.number, b.bean, b.roast, b.green_kg, b.roasted_kg, weight_loss(b))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m roastery.log", description=__doc__)
    parser.add_argument("file", nargs="?", default=str(LOG), help="roast log CSV (default: roast_log.csv)")
    parser.add_argument("--page", type=int, default=1)
    parser.add_argument("--per-page", type=int, default=PER_PAGE)
    parser.add_argument("--bean", help="only batches of this bean (any case)")
    args = parser.parse_args(argv)
    batches = newest_first(load_log(args.file))
    if args.bean:
        batches = [b for b in batches if b.bean.lower() == args.bean.lower()]
    try:
        shown = page(batches, args.page, args.per_page)
    except ValueError as exc:
        print("roastery.log: %s" % exc, file=sys.stderr)
        return 2
    for b in shown:
        print(format_batch(b))
    print("page %d of %d (%d batches)" % (args.page, page_count(len(batches), args.per_page), len(batches)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
