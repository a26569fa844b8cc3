"""python -m polo.table FIXTURES.csv: the league table (3 points a win, 1 a draw)."""
import sys

from polo.fixtures import load_results


def table(results):
    rows = {}
    for home, away, hg, ag in results:
        for team, scored, let in ((home, hg, ag), (away, ag, hg)):
            r = rows.setdefault(team, [0, 0, 0])  # played, points, goal difference
            r[0] += 1
            r[1] += 3 if scored > let else 1 if scored == let else 0
            r[2] += scored - let
    return sorted(rows.items(), key=lambda kv: (-kv[1][1], -kv[1][2], kv[0]))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    for pos, (team, (played, points, gd)) in enumerate(table(load_results(argv[0])), 1):
        print("%2d %-18s P%-3d %+4d %3d pts" % (pos, team, played, gd, points))


if __name__ == "__main__":
    main()
