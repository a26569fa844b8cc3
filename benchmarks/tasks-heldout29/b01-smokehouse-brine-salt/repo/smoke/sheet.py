"""Print the brining sheet: python -m smoke.sheet batches.csv"""
import sys

from smoke.batches import load_batches
from smoke.brine import brine_minutes, salt_grams, water_litres


def sheet_lines(batches):
    lines = ["%-4s %-9s %6s %8s %8s %6s" % ("day", "fish", "kg", "water l", "salt g", "mins")]
    for b in batches:
        litres = water_litres(b.kg)
        lines.append("%-4s %-9s %6.1f %8.1f %8d %6d" % (
            b.day, b.fish, b.kg, litres, salt_grams(litres, b.percent), brine_minutes(b.fish, b.kg)))
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m smoke.sheet BATCHES.csv", file=sys.stderr)
        return 2
    for line in sheet_lines(load_batches(argv[0])):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
