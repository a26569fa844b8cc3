"""Command-line interface: python -m logslice LOGFILE [options]."""
import argparse
import sys

from logslice.filters import select


def build_parser():
    p = argparse.ArgumentParser(prog="logslice", description="Print log lines at or above a level.")
    p.add_argument("logfile", help="path of the log file, or - for standard input")
    p.add_argument("--level", default="INFO", help="lowest level to show (default: INFO)")
    p.add_argument("--grep", metavar="TEXT", help="only lines whose message contains TEXT")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.logfile == "-":
        lines = sys.stdin.readlines()
    else:
        with open(args.logfile, encoding="utf-8") as fh:
            lines = fh.readlines()
    for line in select(lines, args.level, args.grep):
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return 0
