"""Print the season so far and the fixtures still to play.

    python -m bowls.season [FIXTURES] [RESULTS]

(defaults: fixtures.csv and results.csv in the current folder)
"""
import sys

from bowls.fixtures import fixture_line, read_fixtures
from bowls.results import read_results, record, result_line


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    fixtures = read_fixtures(argv[0] if argv else "fixtures.csv")
    results = read_results(argv[1] if len(argv) > 1 else "results.csv")
    played = {(r.day, r.opponent) for r in results}
    print("Results")
    for r in results:
        print("  " + result_line(r))
    print("  " + record(results))
    print()
    print("Still to play")
    todo = [fx for fx in fixtures if (fx.day, fx.opponent) not in played]
    for fx in todo:
        print("  " + fixture_line(fx))
    if not todo:
        print("  (none)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
