"""Command line interface: python -m subshift INPUT SECONDS."""
import argparse
import sys

from .srt import dump, parse, shift


def build_parser():
    parser = argparse.ArgumentParser(
        prog="subshift", description="Shift the timing of an .srt subtitle file.")
    parser.add_argument("input", help="the .srt file to read")
    parser.add_argument("seconds", type=float,
                        help="how far to move the subtitles (negative = earlier)")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    with open(args.input, encoding="utf-8") as fh:
        cues = parse(fh.read())
    sys.stdout.write(dump(shift(cues, round(args.seconds * 1000))))
    return 0
