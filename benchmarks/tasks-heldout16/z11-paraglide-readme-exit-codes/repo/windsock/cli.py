"""Command line: python -m windsock.cli check|sites"""

import argparse
import sys

from windsock.sites import SITES, get_site
from windsock.verdict import assess

EXIT_GO = 0
EXIT_UNKNOWN_SITE = 3
EXIT_MARGINAL = 10
EXIT_NOFLY = 20
EXIT_FOR_VERDICT = {"GO": EXIT_GO, "MARGINAL": EXIT_MARGINAL, "NO-FLY": EXIT_NOFLY}


def build_parser():
    parser = argparse.ArgumentParser(prog="windsock")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="is a site flyable now?")
    check.add_argument("--site", required=True)
    check.add_argument("--speed", type=int, required=True, help="mean wind, km/h")
    check.add_argument("--gust", type=int, required=True, help="gusts, km/h")
    check.add_argument("--dir", type=int, required=True, help="wind from, degrees")
    sub.add_parser("sites", help="list the sites")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "sites":
        for key, site in sorted(SITES.items()):
            print("%-9s %-12s faces %3d +/-%d, wind <= %d, gusts <= %d"
                  % (key, site.name, site.facing, site.window, site.max_wind, site.max_gust))
        return EXIT_GO
    try:
        site = get_site(args.site)
    except KeyError:
        print("windsock: unknown site %r (try: windsock sites)" % args.site, file=sys.stderr)
        return EXIT_UNKNOWN_SITE
    verdict, reason = assess(site, args.speed, args.gust, args.dir)
    print("%s at %s: %s" % (verdict, site.name, reason))
    return EXIT_FOR_VERDICT[verdict]


if __name__ == "__main__":
    sys.exit(main())
