"""The survey report.

    python -m moths.report SETTINGS CATCHES
"""
import sys

from moths.nights import is_cold, read_nights
from moths.settings import load_settings

NOTABLE = ("Jersey Tiger", "Clifden Nonpareil", "Hummingbird Hawk-moth", "Convolvulus Hawk-moth")


def report(settings, nights):
    site, trap = settings["site"], settings["trap"]
    lines = ["%s (%s), %s %s trap, recorder %s" % (site["name"], site["grid_ref"], trap["bulb"],
                                                    trap["design"], site["recorder"] or "unknown")]
    for n in nights:
        lines.append("%s  %5.1f°C  %4d moths, %3d species%s" % (
            n.night, n.min_temp, n.moths, len(n.catch), "  (cold)" if is_cold(n) else ""))
    seen = ["%s (%s)" % (s, n.night) for n in nights for s in sorted(n.catch) if s in NOTABLE]
    lines.append("Notable: " + (", ".join(seen) if seen else "none"))
    lines.append("%d nights, %d cold" % (len(nights), sum(1 for n in nights if is_cold(n))))
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: python -m moths.report SETTINGS CATCHES", file=sys.stderr)
        return 2
    for line in report(load_settings(argv[0]), read_nights(argv[1])):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
