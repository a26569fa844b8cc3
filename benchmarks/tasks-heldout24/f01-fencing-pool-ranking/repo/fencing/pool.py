"""Pool results and the ranking after a club pool.

    python -m fencing.pool SHEET

Fencers are ranked by victories, then by indicator (touches scored minus
touches received), then by touches scored; fencers still level are listed
by name.
"""
import sys
from dataclasses import dataclass

from fencing.bouts import fencers, read_bouts, winner


@dataclass
class Result:
    name: str
    bouts: int = 0
    victories: int = 0
    scored: int = 0
    received: int = 0


def indicator(result):
    return result.scored - result.received


def pool_results(bouts):
    """A Result for every fencer on the sheet, in order of first appearance."""
    results = {name: Result(name) for name in fencers(bouts)}
    for b in bouts:
        for name, mine, theirs in ((b.left, b.left_score, b.right_score),
                                   (b.right, b.right_score, b.left_score)):
            r = results[name]
            r.bouts += 1
            r.scored += mine
            r.received += theirs
        results[winner(b)].victories += 1
    return list(results.values())


def ranking(results):
    """Results in ranking order, the pool winner first."""
    return sorted(results, key=lambda r: (-r.victories, indicator(r), -r.scored, r.name))


def format_row(place, result):
    return "%2d. %-10s V %d/%d  TS %2d  TR %2d  Ind %+d" % (
        place, result.name, result.victories, result.bouts,
        result.scored, result.received, indicator(result))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m fencing.pool SHEET", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        bouts = read_bouts(f)
    for place, result in enumerate(ranking(pool_results(bouts)), 1):
        print(format_row(place, result))
    print("%d bouts, %d fencers" % (len(bouts), len(fencers(bouts))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
