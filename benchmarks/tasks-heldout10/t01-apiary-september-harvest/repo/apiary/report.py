"""Print the honey season report."""
import sys

from apiary.harvest import load, season_total, totals_by_hive
from apiary.season import season_label


def render(harvests, year):
    lines = ["Honey season " + season_label(year)]
    for hive, kg in sorted(totals_by_hive(harvests, year).items()):
        lines.append("  %-6s %7.2f kg" % (hive, kg))
    lines.append("  %-6s %7.2f kg" % ("total", season_total(harvests, year)))
    return "\n".join(lines)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    path = argv[0] if argv else "harvests.csv"
    year = int(argv[1]) if len(argv) > 1 else 2026
    print(render(load(path), year))
    return 0


if __name__ == "__main__":
    sys.exit(main())
