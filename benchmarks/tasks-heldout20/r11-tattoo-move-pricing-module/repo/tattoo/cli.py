"""python -m tattoo.cli quote HOURS [--artist NAME] [--colour]"""
import argparse

RATES = {"mo": 90, "suki": 110, "dev": 75}   # pounds an hour
MINIMUM = 60
COLOUR_EXTRA = 0.15
DEPOSIT_SHARE = 0.25
DEPOSIT_MAX = 150


def quote(hours, artist="mo", colour=False):
    """Price in pounds for a session, never below the studio minimum."""
    price = RATES[artist] * hours
    if colour:
        price *= 1 + COLOUR_EXTRA
    return round(max(price, MINIMUM), 2)


def deposit(price):
    """Non-refundable deposit taken when booking."""
    return round(min(price * DEPOSIT_SHARE, DEPOSIT_MAX), 2)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tattoo")
    parser.add_argument("command", choices=["quote"])
    parser.add_argument("hours", type=float)
    parser.add_argument("--artist", default="mo", choices=sorted(RATES))
    parser.add_argument("--colour", action="store_true")
    args = parser.parse_args(argv)
    price = quote(args.hours, args.artist, args.colour)
    print("%s, %g h%s: %.2f (deposit %.2f)" % (
        args.artist, args.hours, " colour" if args.colour else "", price, deposit(price)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
