"""python -m jars.report JARS.csv: every jar, grams left and price, in shelf order."""
import argparse

from jars.stock import load_jars, needs_reorder


def report_lines(jars):
    lines = []
    for j in jars:
        flag = "  REORDER" if needs_reorder(j) else ""
        lines.append("%-20s %5d g  \u00a3%d.%02d/100g%s" % (j.sweet, j.grams, j.pence // 100, j.pence % 100, flag))
    lines.append("%d jars, %d to reorder" % (len(jars), sum(1 for j in jars if needs_reorder(j))))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(prog="jars.report")
    ap.add_argument("jars")
    args = ap.parse_args(argv)
    for line in report_lines(load_jars(args.jars)):
        print(line)


if __name__ == "__main__":
    main()
