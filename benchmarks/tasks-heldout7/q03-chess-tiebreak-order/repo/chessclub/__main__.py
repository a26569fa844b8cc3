import sys

from .results import parse_results
from .standings import format_table, standings


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m chessclub RESULTS_FILE", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as fh:
        games = parse_results(fh.read())
    print(format_table(standings(games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
