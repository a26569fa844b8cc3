import argparse
import sys

from .export import EXPORTERS, export
from . import Bookmark, Store


def main(argv=None):
    p = argparse.ArgumentParser(prog="bookmarks")
    p.add_argument("--file", default="~/.bookmarks.jsonl")
    sub = p.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("url")
    add.add_argument("title")
    add.add_argument("--tag", action="append", default=[])
    exp = sub.add_parser("export")
    exp.add_argument("--format", choices=["html", "json", "xml"], default="html")
    args = p.parse_args(argv)

    store = Store(args.file)
    if args.cmd == "add":
        store.add(Bookmark(args.url, args.title, args.tag))
    else:
        sys.stdout.write(export(store.all(), args.format))
    return 0


if __name__ == "__main__":
    sys.exit(main())
