"""The warehouse list: every cask, oldest first, with what it would give.

    python -m distillery.warehouse warehouse2.txt [--on YYYY-MM-DD] [--ready]
"""
import argparse
import sys
from datetime import date

from distillery.casks import (after_angels, age_in_years, bottles, cask_label, read_casks, ready_casks,
                              warehouse_totals)


def estimate(cask, on):
    """(litres left, bottles at 46%) for a filled cask on the day `on`."""
    years = age_in_years(cask.filled, on)
    left = after_angels(cask.litres, years)
    return left, bottles(left, abv=max(cask.abv - years * 0.4, 46.0))


def warehouse_lines(casks, on, only_ready=False):
    chosen = ready_casks(casks, on) if only_ready else sorted(
        casks, key=lambda c: (c.filled is None, c.filled or on, c.number))
    lines = []
    for c in chosen:
        line = cask_label(c, on)
        if c.filled is not None:
            left, n = estimate(c, on)
            line += "; about %.0f l left, %d bottles" % (left, n)
        lines.append(line)
    totals = warehouse_totals(chosen)
    lines.append("Filled: " + ", ".join("%s %.0f l" % (wood, litres) for wood, litres in sorted(totals.items())))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m distillery.warehouse")
    parser.add_argument("casks", help="the cask list")
    parser.add_argument("--on", type=date.fromisoformat, default=date.today())
    parser.add_argument("--ready", action="store_true", help="only casks old enough to sell as whisky")
    args = parser.parse_args(argv)
    with open(args.casks, encoding="utf-8") as f:
        casks = read_casks(f)
    print("\n".join(warehouse_lines(casks, args.on, args.ready)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
