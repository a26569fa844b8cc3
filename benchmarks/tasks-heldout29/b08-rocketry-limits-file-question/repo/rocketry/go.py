"""Go / no-go for a flight.

    python -m rocketry.go --wind MPH --apogee METRES [--limits FILE]
"""
import argparse

from rocketry import site
from rocketry.limits import load_limits, problems


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m rocketry.go")
    ap.add_argument("--wind", type=float, required=True, help="wind speed at the pad, mph")
    ap.add_argument("--apogee", type=float, required=True, help="predicted apogee, metres")
    ap.add_argument("--limits", default=None, help="limits file (default: the site's range file)")
    args = ap.parse_args(argv)
    limits = load_limits(args.limits or site.RANGE_FILE)
    reasons = problems(limits, args.wind, args.apogee)
    print("%s: %s" % (site.SITE_NAME, "NO GO" if reasons else "GO"))
    for r in reasons:
        print("  " + r)
    if not reasons:
        print("  keep spectators %d m back" % site.SAFE_DISTANCE_M)
    return 1 if reasons else 0


if __name__ == "__main__":
    raise SystemExit(main())
