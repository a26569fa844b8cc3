"""birdtally [--db FILE] {log,summary,species} ..."""

import argparse
import datetime

from . import store


def build_parser():
    parser = argparse.ArgumentParser(prog="birdtally")
    parser.add_argument("--db", default="tally.jsonl", help="sightings file")
    sub = parser.add_subparsers(dest="command", required=True)
    log = sub.add_parser("log", help="record a sighting")
    log.add_argument("species")
    log.add_argument("--count", type=int, default=1)
    log.add_argument("--site", default="marsh")
    log.add_argument("--date", default=None, help="YYYY-MM-DD, default today")
    summary = sub.add_parser("summary", help="totals per species")
    summary.add_argument("--from", dest="date_from", metavar="YYYY-MM-DD")
    summary.add_argument("--to", dest="date_to", metavar="YYYY-MM-DD")
    summary.add_argument("--site")
    sub.add_parser("species", help="every species seen so far")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "log":
        date = args.date or datetime.date.today().isoformat()
        store.append(args.db, {"species": args.species.lower(), "count": args.count,
                               "site": args.site, "date": date})
        return 0
    records = store.read_all(args.db)
    if args.command == "summary":
        totals = store.totals(records, args.date_from, args.date_to, args.site)
        for name, count in sorted(totals.items(), key=lambda kv: (-kv[1], kv[0])):
            print("%-20s %4d" % (name, count))
    else:
        for name in sorted({r["species"] for r in records}):
            print(name)
    return 0
