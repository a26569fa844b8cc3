"""python -m trip.money PUPILS.csv [--live]: each pupil's spending money in the local currency."""
import argparse
import csv

from trip.rates import TERM_RATES, fetch_rates, to_currency


def main(argv=None):
    ap = argparse.ArgumentParser(prog="trip.money")
    ap.add_argument("pupils")
    ap.add_argument("--live", action="store_true", help="use today's rates from the web instead of the term rates")
    args = ap.parse_args(argv)
    rates = fetch_rates() if args.live else TERM_RATES
    totals = {}
    with open(args.pupils, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            cur, pounds = r["currency"].strip().upper(), float(r["pounds"])
            local = to_currency(pounds, cur, rates)
            totals[cur] = totals.get(cur, 0) + local
            print("%-16s \u00a3%7.2f = %9.2f %s" % (r["pupil"].strip(), pounds, local, cur))
    for cur in sorted(totals):
        print("Total %s %.2f" % (cur, totals[cur]))


if __name__ == "__main__":
    main()
