"""python -m casks.report CASKS.csv --on DATE: what is in each cask now."""
import argparse
import csv
from datetime import date

from casks.ageing import age_label, litres_after, years_between
from casks.settings import load_settings


def load_casks(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [(r["cask"].strip(), r["kind"].strip(), date.fromisoformat(r["filled"].strip()), float(r["litres"]))
                for r in csv.DictReader(f)]


def report(casks, on, settings):
    dp = settings["litres_dp"]
    lines = ["%s, %s" % (settings["warehouse"], on.isoformat())]
    total = 0.0
    for cask, kind, filled, litres in casks:
        now = litres_after(litres, years_between(filled, on))
        total += now
        lines.append("%-8s %-18s %-10s %8.*f l  (filled %.*f l)" % (cask, kind, age_label(filled, on), dp, now, dp, litres))
    lines.append("%-38s %8.*f l" % ("total", dp, total))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m casks.report")
    parser.add_argument("casks")
    parser.add_argument("--on", type=date.fromisoformat, default=date.today(), metavar="DATE")
    args = parser.parse_args(argv)
    print("\n".join(report(load_casks(args.casks), args.on, load_settings())))


if __name__ == "__main__":
    main()
