import argparse
import sys

from .toc import build_toc


def main(argv=None):
    p = argparse.ArgumentParser(prog="mdtoc")
    p.add_argument("file")
    p.add_argument("--max-level", type=int, default=6)
    args = p.parse_args(argv)
    with open(args.file, encoding="utf-8") as fh:
        print("\n".join(build_toc(fh.read(), max_level=args.max_level)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
