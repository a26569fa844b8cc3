import argparse
import sys
from collections import Counter

from .counter import count_words, most_common


def build_parser():
    p = argparse.ArgumentParser(prog="wordfreq", description="Count word frequencies.")
    p.add_argument("files", nargs="+", help="text files to read")
    p.add_argument("-i", "--ignore-case", action="store_true", help="fold case before counting")
    p.add_argument("--stopwords", metavar="FILE", help="file with one word per line to skip")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    stopwords = ()
    if args.stopwords:
        with open(args.stopwords, encoding="utf-8") as fh:
            stopwords = [line.strip() for line in fh if line.strip()]
    total = Counter()
    for path in args.files:
        with open(path, encoding="utf-8") as fh:
            total.update(count_words(fh.read(), args.ignore_case, stopwords))
    for word, n in most_common(total):
        print("%s\t%d" % (word, n))
    return 0
