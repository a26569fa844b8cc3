"""List the group's caches: python -m geocache.cli CACHES.csv [--type T] [--sort KEY]."""
import argparse
import sys

from geocache.caches import TYPES, line, load, of_type, ordered


def build_parser():
    parser = argparse.ArgumentParser(prog="geocache", description="List the group's caches.")
    parser.add_argument("caches", help="the cache list (CSV)")
    parser.add_argument("--type", choices=TYPES, help="only caches of this type")
    parser.add_argument("--sort", choices=["code", "name", "difficulty", "newest"], default="code")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    caches = load(args.caches)
    if args.type:
        caches = of_type(caches, args.type)
    caches = ordered(caches, args.sort)
    for cache in caches:
        print(line(cache))
    print("%d cache%s" % (len(caches), "" if len(caches) == 1 else "s"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
