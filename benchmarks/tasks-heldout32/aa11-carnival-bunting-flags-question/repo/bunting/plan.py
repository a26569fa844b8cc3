"""python -m bunting.plan NAME SPAN_M [--runs N]: what to buy for one street."""
import argparse

from bunting.flags import flags, packs, posts, string_m


def main(argv=None):
    ap = argparse.ArgumentParser(prog="bunting.plan")
    ap.add_argument("name")
    ap.add_argument("span", type=int, help="end to end, in metres")
    ap.add_argument("--runs", type=int, default=1, help="lengths of bunting hung side by side")
    args = ap.parse_args(argv)
    string = string_m(args.span, args.runs)
    n = flags(string)
    print("%s, %d m, %d run%s: %d posts, %d m of string, %d flags (%d packs)" % (
        args.name, args.span, args.runs, "" if args.runs == 1 else "s", posts(args.span), string, n, packs(n)))


if __name__ == "__main__":
    main()
