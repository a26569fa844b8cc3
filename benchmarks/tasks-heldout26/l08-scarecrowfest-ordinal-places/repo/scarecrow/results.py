"""One year's results.

    python -m scarecrow.results votes.csv [--year YEAR]   (default: the latest)
"""
import argparse

from scarecrow.votes import placings, read_votes, years


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("votes")
    parser.add_argument("--year", type=int)
    args = parser.parse_args(argv)
    entries = read_votes(args.votes)
    year = args.year or years(entries)[-1]
    rows = placings(entries, year)
    print("Scarecrow Festival %d: %d scarecrows" % (year, len(rows)))
    for place, e in rows:
        print("%4s  %-26s %-20s %4d votes" % (place, e.scarecrow, e.family, e.votes))


if __name__ == "__main__":
    main()
