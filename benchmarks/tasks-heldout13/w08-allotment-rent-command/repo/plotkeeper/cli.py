"""Command line: python -m plotkeeper [--file F] COMMAND ..."""
import argparse

from plotkeeper.plots import held_by, load_plots


def plot_line(p):
    return "%-4s %-10s %4d m2" % (p.plot, p.holder, p.size_m2)


def build_parser():
    parser = argparse.ArgumentParser(prog="plotkeeper", description="Allotment plot register.")
    parser.add_argument("--file", default="data/plots.csv", help="plot register CSV")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list every plot")
    holder = sub.add_parser("holder", help="plots held by one person")
    holder.add_argument("name")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    plots = load_plots(args.file)
    if args.command == "list":
        chosen = plots
    else:
        chosen = held_by(plots, args.name)
        if not chosen:
            print("%s holds no plots" % args.name)
            return 1
    for p in chosen:
        print(plot_line(p))
    return 0
