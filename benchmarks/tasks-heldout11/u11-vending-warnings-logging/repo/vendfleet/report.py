"""The restock report the driver reads: python -m vendfleet.report readings.csv"""

import sys

from vendfleet.restock import restock_list, too_warm
from vendfleet.telemetry import parse_all


def render(plan, warm):
    lines = ["RESTOCK PLAN"]
    for machine in sorted(plan):
        slots = ", ".join("%s+%d" % (slot, n) for slot, n in sorted(plan[machine].items()))
        lines.append("  %s: %s" % (machine, slots))
    if not plan:
        lines.append("  nothing to restock")
    lines.append("CHECK COOLING: %s" % (", ".join(warm) if warm else "none"))
    return "\n".join(lines)


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    with open(args[0] if args else "readings.csv", encoding="utf-8") as fh:
        readings = parse_all(fh)
    print(render(restock_list(readings), too_warm(readings)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
