"""Print one session's results, North-South and East-West separately.

    python -m bridge.results SESSION
"""
import sys

from bridge.scoring import ranked, read_session


def format_results(scores):
    """The table lines: position, pair, matchpoints, percentage."""
    return ["%2d  %-20s %6.1f  %6.2f%%" % (i, s.pair, s.matchpoints, s.percent)
            for i, s in enumerate(ranked(scores), start=1)]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m bridge.results SESSION", file=sys.stderr)
        return 2
    scores = read_session(argv[0])
    for title, direction in (("North-South", "NS"), ("East-West", "EW")):
        print(title)
        for line in format_results([s for s in scores if s.direction == direction]):
            print(line)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
