"""Each family's places over the years.

    python -m scarecrow.history votes.csv
"""
import sys

from scarecrow.votes import placings, read_votes, years


def history(entries):
    """{family: [(year, place)]} in year order."""
    out = {}
    for year in years(entries):
        for place, e in placings(entries, year):
            out.setdefault(e.family, []).append((year, place))
    return out


def main(path):
    for family, places in sorted(history(read_votes(path)).items()):
        best = min(p for _, p in places)
        print("%s: %s (best %s)" % (family, ", ".join("%d %s" % (y, p) for y, p in places), best))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "votes.csv")
