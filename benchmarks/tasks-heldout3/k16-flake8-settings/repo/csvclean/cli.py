import sys

from .clean import clean_text


def main():
    with open(sys.argv[1], encoding="utf-8", newline="") as fh:
        sys.stdout.write(clean_text(fh.read()))
