import argparse
import sys

from .book import load_book, merge, save_book
from .importer import read_contacts


def main(argv=None):
    parser = argparse.ArgumentParser(prog="rolodex")
    sub = parser.add_subparsers(dest="command", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("csv_file")
    imp.add_argument("--book", default="book.json")
    lst = sub.add_parser("list")
    lst.add_argument("--book", default="book.json")
    args = parser.parse_args(argv)

    if args.command == "import":
        book = load_book(args.book)
        merged = merge(book, read_contacts(args.csv_file))
        save_book(args.book, merged)
        print("%d contacts (%d new)" % (len(merged), len(merged) - len(book)))
    else:
        for c in load_book(args.book):
            print("%s <%s> %s" % (c.name, c.email, c.phone))
    return 0


if __name__ == "__main__":
    sys.exit(main())
