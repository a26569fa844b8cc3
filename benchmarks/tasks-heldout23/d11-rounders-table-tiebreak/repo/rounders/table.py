"""Print the league table from a results file, one result per line:

    Otters 9.5 - 8 Herons

    python -m rounders.table results.txt
"""
import sys

from rounders.league import difference, league_table, parse_result, promoted, relegated


def _num(x):
    return ("%.1f" % x).rstrip("0").rstrip(".")


def table_lines(results):
    lines = ["%-3s %-18s %2s %2s %2s %2s %6s %6s %6s %3s" % ("", "Team", "P", "W", "D", "L", "For", "Agst",
                                                              "Diff", "Pts")]
    for pos, r in enumerate(league_table(results), start=1):
        diff = difference(r)
        lines.append("%-3s %-18s %2d %2d %2d %2d %6s %6s %6s %3d" % (
            "%d." % pos, r.team, r.played, r.won, r.drawn, r.lost, _num(r.scored), _num(r.conceded),
            ("+" if diff > 0 else "") + _num(diff), r.points))
    return lines


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    with open(args[0], encoding="utf-8") as f:
        results = [parse_result(l) for l in f if l.strip() and not l.startswith("#")]
    print("\n".join(table_lines(results)))
    print("Up: %s.  Down: %s." % (", ".join(promoted(results)), ", ".join(relegated(results))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
