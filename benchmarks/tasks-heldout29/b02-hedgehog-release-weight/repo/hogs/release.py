"""Hedgehogs ready to go back where they were found.

    python -m hogs.release intake.csv [--settings rescue.ini]
"""
import argparse

from hogs.intake import load_intake, load_settings
from hogs.ready import split


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m hogs.release")
    ap.add_argument("intake")
    ap.add_argument("--settings", default="rescue.ini")
    args = ap.parse_args(argv)
    settings = load_settings(args.settings)
    ready, _ = split(load_intake(args.intake), settings)
    print("Ready for release (before %s):" % settings["season_end"])
    for hog in ready:
        print("  %-10s %5s g  back to %s" % (hog["name"], hog["weight_g"], hog["found"]))
    print("%d to release" % len(ready))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
