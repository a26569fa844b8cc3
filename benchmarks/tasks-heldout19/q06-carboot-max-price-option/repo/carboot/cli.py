"""List what's for sale: python -m carboot.cli [--stall NAME]"""
import argparse

from carboot.stalls import items, line


def main(argv=None):
    parser = argparse.ArgumentParser(prog="carboot", description="List what's for sale.")
    parser.add_argument("--stall", help="only this seller's stall")
    args = parser.parse_args(argv)
    found = items(args.stall)
    for item in found:
        print(line(item))
    if not found:
        print("Nothing for sale.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
