"""python -m oche [--file PATH] {table,fixtures,result,averages} ..."""
import argparse

from oche.fixtures import round_robin
from oche.league import parse_score, read_results, table

DIVISIONS = {1: ["Red Lion", "Crown", "Anchor", "Plough"], 2: ["Swan", "Bell", "Fox", "Star", "Ship"]}


def build_parser():
    parser = argparse.ArgumentParser(prog="oche", description="Pub darts league.")
    parser.add_argument("--file", default="data/results.csv", help="results file")
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("table", help="print the league table")
    t.add_argument("--division", type=int, choices=sorted(DIVISIONS), default=1)
    f = sub.add_parser("fixtures", help="print one week's fixtures")
    f.add_argument("--week", type=int, default=1)
    f.add_argument("--division", type=int, choices=sorted(DIVISIONS), default=1)
    r = sub.add_parser("result", help="check a result line before it goes in the file")
    r.add_argument("home")
    r.add_argument("away")
    r.add_argument("score", type=parse_score, help="legs as HOME-AWAY, e.g. 5-3")
    a = sub.add_parser("averages", help="legs won per match, best first")
    a.add_argument("--top", type=int, default=10)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "fixtures":
        weeks = round_robin(DIVISIONS[args.division])
        for home, away in weeks[(args.week - 1) % len(weeks)]:
            print("%s v %s" % (home, away))
        return 0
    if args.command == "result":
        print("%s %d-%d %s" % (args.home, args.score[0], args.score[1], args.away))
        return 0
    rows = table(read_results(args.file))
    if args.command == "table":
        for team, p, w, f, a, pts in rows:
            if team in DIVISIONS[args.division]:
                print("%-10s %2d %2d %3d %3d %3d" % (team, p, w, f, a, pts))
    else:
        for team, p, w, f, a, pts in sorted(rows, key=lambda r: -r[3] / r[1])[:args.top]:
            print("%-10s %.2f" % (team, f / p))
    return 0
