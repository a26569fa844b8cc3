"""Command line: python -m brewlog <command> ..."""

import argparse

from brewlog.calc import attenuation, scale_grams, sg_to_plato


def _gravity(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("not a gravity: %r" % (text,))
    if not 0.980 <= value <= 1.200:
        raise argparse.ArgumentTypeError("gravity out of range: %s" % (text,))
    return value


def build_parser():
    parser = argparse.ArgumentParser(prog="brewlog", description="Homebrew calculators.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("attenuation", help="apparent attenuation from OG and FG")
    p.add_argument("--og", type=_gravity, required=True, help="original gravity, e.g. 1.050")
    p.add_argument("--fg", type=_gravity, required=True, help="final gravity, e.g. 1.012")

    p = sub.add_parser("plato", help="convert a specific gravity to degrees Plato")
    p.add_argument("gravity", type=_gravity)

    p = sub.add_parser("scale", help="scale a recipe amount to another batch size")
    p.add_argument("grams", type=float)
    p.add_argument("--from", dest="from_litres", type=float, required=True)
    p.add_argument("--to", dest="to_litres", type=float, required=True)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "attenuation":
        print("Apparent attenuation: %.1f%%" % attenuation(args.og, args.fg))
    elif args.command == "plato":
        print("%.1f P" % sg_to_plato(args.gravity))
    elif args.command == "scale":
        print("%.0f g" % scale_grams(args.grams, args.from_litres, args.to_litres))
    return 0
