"""Command line: python -m seedvault list [--species S] [--file F]."""

import argparse

from . import inventory


def format_table(seeds):
    lines = ["%-20s %-12s %8s %5s" % ("variety", "species", "grams", "year")]
    for s in seeds:
        lines.append("%-20s %-12s %8.1f %5d" % (s["variety"], s["species"], s["grams"], s["year"]))
    return "\n".join(lines)


def build_parser():
    parser = argparse.ArgumentParser(prog="seedvault")
    sub = parser.add_subparsers(dest="command", required=True)
    ls = sub.add_parser("list", help="show the inventory")
    ls.add_argument("--species", help="only this species")
    ls.add_argument("--file", default=inventory.DEFAULT_FILE, help="inventory CSV")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    seeds = inventory.load(args.file)
    if args.species:
        seeds = inventory.by_species(seeds, args.species)
    print(format_table(seeds))
    return 0
