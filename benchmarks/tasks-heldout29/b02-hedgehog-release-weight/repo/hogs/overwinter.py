"""Hedgehogs too light to release, to be kept over winter.

    python -m hogs.overwinter intake.csv [--settings rescue.ini]
"""
import argparse

from hogs.intake import load_intake, load_settings
from hogs.ready import grams_short, split


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m hogs.overwinter")
    ap.add_argument("intake")
    ap.add_argument("--settings", default="rescue.ini")
    args = ap.parse_args(argv)
    settings = load_settings(args.settings)
    _, waiting = split(load_intake(args.intake), settings)
    print("Overwintering (under %s g):" % settings["min_weight_g"])
    for hog in waiting:
        print("  %-10s %5s g  pen %-3s needs %d g" % (hog["name"], hog["weight_g"], hog["pen"], grams_short(hog, settings)))
    print("%d to overwinter" % len(waiting))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
