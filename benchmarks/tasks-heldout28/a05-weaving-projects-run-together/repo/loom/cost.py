"""python -m loom.cost PROJECT...: the yarn cost of each project, and of them all."""
import argparse
import csv

from loom.projects import load_project, yarn_totals


def load_prices(path="yarns.csv"):
    """{yarn: pence per 100 m}."""
    with open(path, newline="", encoding="utf-8") as f:
        return {r["yarn"].strip(): int(r["pence_per_100m"]) for r in csv.DictReader(f)}


def project_pence(totals, prices):
    return sum(-(-metres * prices[yarn] // 100) for yarn, metres in totals.items())


def money(pence):
    return "£%d.%02d" % divmod(pence, 100)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m loom.cost")
    parser.add_argument("projects", nargs="+")
    parser.add_argument("--prices", default="yarns.csv")
    args = parser.parse_args(argv)
    prices = load_prices(args.prices)
    costed = []
    for path in args.projects:
        name, lines = load_project(path)
        costed.append((name, yarn_totals(lines)))
    for name, totals in costed:
        print("%-28s %9s" % (name, money(project_pence(totals, prices))))
    if len(costed) > 1:
        print("%-28s %9s" % ("all projects", money(sum(project_pence(t, prices) for _, t in costed))))


if __name__ == "__main__":
    main()
