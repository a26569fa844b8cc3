"""python -m lavender.pay DAY.csv: each picker's bunches and pay, A to Z, then the total."""
import argparse

from lavender.tally import load_tally, pay_pence


def pay_lines(totals):
    lines = []
    for name in sorted(totals):
        p = pay_pence(totals[name])
        lines.append("%-14s %4d bunches  \u00a3%d.%02d" % (name, totals[name], p // 100, p % 100))
    all_bunches = sum(totals.values())
    p = pay_pence(all_bunches)
    lines.append("%d pickers, %d bunches, \u00a3%d.%02d" % (len(totals), all_bunches, p // 100, p % 100))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(prog="lavender.pay")
    ap.add_argument("tally")
    args = ap.parse_args(argv)
    for line in pay_lines(load_tally(args.tally)):
        print(line)


if __name__ == "__main__":
    main()
