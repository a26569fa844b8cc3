"""League table from a results file.

Each line of the file is "Home team v Away team: 25-21 23-25 25-19 25-17".

    python -m volleyball.table results.txt
"""
import sys
from collections import defaultdict

from volleyball.scoring import league_points, parse_sets, sets_won


def read_results(lines):
    results = []
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        teams, _, score = line.partition(":")
        home, _, away = teams.partition(" v ")
        results.append((home.strip(), away.strip(), parse_sets(score)))
    return results


def table(results):
    """Rows (team, played, sets for, sets against, points), best first."""
    rows = defaultdict(lambda: [0, 0, 0, 0])
    for home, away, sets in results:
        hp, ap = league_points(sets)
        hs, as_ = sets_won(sets)
        for team, pts, won, lost in ((home, hp, hs, as_), (away, ap, as_, hs)):
            row = rows[team]
            row[0] += 1
            row[1] += won
            row[2] += lost
            row[3] += pts
    ordered = sorted(rows.items(), key=lambda kv: (-kv[1][3], -(kv[1][1] - kv[1][2]), kv[0]))
    return [(team,) + tuple(row) for team, row in ordered]


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    with open(args[0], encoding="utf-8") as f:
        rows = table(read_results(f))
    print("%-22s %2s %7s %3s" % ("Team", "P", "Sets", "Pts"))
    for team, played, won, lost, pts in rows:
        print("%-22s %2d %3d-%-3d %3d" % (team, played, won, lost, pts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
