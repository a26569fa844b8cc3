"""Summary of one site's catches.

    python -m ringing.summary catches.csv "Site name"
"""
import sys

from ringing.catches import at_site, load_catches
from ringing.stats import by_species, heaviest, mean_weight, mean_wing


def summary_lines(catches, site):
    here = at_site(catches, site)
    lines = ["%s: %d birds" % (site, len(here)),
             "mean wing %.1f mm, mean weight %.1f g" % (mean_wing(here), mean_weight(here))]
    top = heaviest(here)
    lines.append("heaviest: %s %s (%.1f g)" % (top.species, top.ring, top.weight_g))
    for species, n in by_species(here):
        lines.append("  %-18s %3d" % (species, n))
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print('usage: python -m ringing.summary CATCHES.csv "SITE"', file=sys.stderr)
        return 2
    for line in summary_lines(load_catches(argv[0]), argv[1]):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
