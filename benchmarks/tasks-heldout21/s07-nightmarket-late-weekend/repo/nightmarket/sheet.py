"""The sheet handed to stallholders when they pay for a pitch."""
import argparse
import sys

from nightmarket.config import load


def hours_open(night):
    minutes = (night.closes.hour * 60 + night.closes.minute) - (night.opens.hour * 60 + night.opens.minute)
    return minutes / 60


def full_takings(night):
    """Pitch fees if every pitch is let, in pounds."""
    return night.pitch_fee * night.max_stalls


def sheet(night):
    lines = [
        "Canal Basin night market: %s" % night.name.capitalize(),
        "Trading %s to %s (%g hours)" % (night.opens.strftime("%H:%M"), night.closes.strftime("%H:%M"),
                                          hours_open(night)),
        "Pitch fee: \u00a3%.2f" % night.pitch_fee,
        "Pitches: %d" % night.max_stalls,
        "Generators: %s" % ("allowed" if night.generator_allowed else "not allowed, use the hook-up"),
    ]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="nightmarket.sheet")
    parser.add_argument("night")
    args = parser.parse_args(argv)
    nights = load()
    if args.night.lower() not in nights:
        print("no market on %s" % args.night, file=sys.stderr)
        return 1
    print(sheet(nights[args.night.lower()]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
