"""python -m uke.songbook REQUESTS.csv: every song asked for, A to Z, with who asked first."""
import argparse

from uke.requests import load_requests


def songbook(requests):
    first = {}
    for r in requests:
        first.setdefault((r.title, r.artist), r)
    return [first[key] for key in sorted(first)]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m uke.songbook")
    parser.add_argument("requests")
    args = parser.parse_args(argv)
    for r in songbook(load_requests(args.requests)):
        print("%-32s %-22s first asked for by %s on %s" % (r.title, r.artist, r.by, r.night))


if __name__ == "__main__":
    main()
