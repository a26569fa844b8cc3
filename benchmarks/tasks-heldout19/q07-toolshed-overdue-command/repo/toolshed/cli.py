"""python -m toolshed.cli [--file F] [--today YYYY-MM-DD] {list,lend,return} ..."""
import argparse
from datetime import date

from toolshed.loans import lend, line, load, save


def main(argv=None):
    parser = argparse.ArgumentParser(prog="toolshed")
    parser.add_argument("--file", default="loans.json", help="where loans are kept")
    parser.add_argument("--today", type=date.fromisoformat, default=date.today())
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="tools out on loan, by name")
    p = sub.add_parser("lend", help="lend a tool")
    p.add_argument("tool")
    p.add_argument("who")
    p = sub.add_parser("return", help="a tool came back")
    p.add_argument("tool")
    args = parser.parse_args(argv)
    loans = load(args.file)
    if args.command == "list":
        for tool in sorted(loans):
            print(line(tool, loans[tool], args.today))
        if not loans:
            print("Nothing out on loan.")
    elif args.command == "lend":
        lend(loans, args.tool, args.who, args.today)
        save(args.file, loans)
        print("Lent %s to %s." % (args.tool, args.who))
    else:
        loans.pop(args.tool)
        save(args.file, loans)
        print("%s is back." % args.tool)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
