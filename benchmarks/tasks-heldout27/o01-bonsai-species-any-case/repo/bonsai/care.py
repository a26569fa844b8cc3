"""python -m bonsai.care NAME [--repotted YEAR] [--year YEAR]: a care card for one tree."""
import argparse
import sys

from bonsai.species import find_species


def care_card(sp, repotted=None, year=2025):
    """The lines of the care card for species `sp`."""
    lines = [sp.name, "  water: every %d days in summer" % sp.water_days]
    lines.append("  winter: %s" % ("outdoors, off the ground" if sp.hardy else "bring indoors"))
    if repotted is None:
        lines.append("  repot: every %d years" % sp.repot_years)
    else:
        due = repotted + sp.repot_years
        lines.append("  repot: %s" % ("due now" if due <= year else "in %d" % due))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bonsai.care")
    parser.add_argument("name")
    parser.add_argument("--repotted", type=int)
    parser.add_argument("--year", type=int, default=2025)
    args = parser.parse_args(argv)
    try:
        sp = find_species(args.name)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 1
    print("\n".join(care_card(sp, args.repotted, args.year)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
