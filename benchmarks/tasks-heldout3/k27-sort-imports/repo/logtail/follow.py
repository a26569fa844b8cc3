"""Follow a growing log file and highlight matching lines."""
import time
import os
from collections import deque
import sys
import argparse
from pathlib import Path
import re

HIGHLIGHT = "\033[1;31m{}\033[0m"


def last_lines(path, count):
    """Return the last *count* lines of the file at *path*."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        return list(deque(fh, maxlen=count))


def highlight(line, pattern):
    if pattern and re.search(pattern, line):
        return HIGHLIGHT.format(line.rstrip("\n")) + "\n"
    return line


def follow(path, poll=0.5):
    """Yield lines appended to *path*, forever."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        fh.seek(0, os.SEEK_END)
        while True:
            line = fh.readline()
            if line:
                yield line
            else:
                time.sleep(poll)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="logtail")
    parser.add_argument("file", type=Path)
    parser.add_argument("--match", help="regular expression to highlight")
    parser.add_argument("--last", type=int, default=10)
    args = parser.parse_args(argv)
    for line in last_lines(args.file, args.last):
        sys.stdout.write(highlight(line, args.match))
    for line in follow(args.file):
        sys.stdout.write(highlight(line, args.match))
        sys.stdout.flush()
