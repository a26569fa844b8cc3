import argparse
import os
import shutil
import sys

from .dates import photo_date

EXTENSIONS = {".jpg", ".jpeg", ".png", ".heic", ".gif"}


def plan(src, dest):
    moves = []
    for name in sorted(os.listdir(src)):
        path = os.path.join(src, name)
        if os.path.isfile(path) and os.path.splitext(name)[1].lower() in EXTENSIONS:
            d = photo_date(path)
            moves.append((path, os.path.join(dest, "%04d" % d.year, "%02d" % d.month, name)))
    return moves


def main(argv=None):
    p = argparse.ArgumentParser(prog="imgsort")
    p.add_argument("source")
    p.add_argument("dest")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    for src, dst in plan(args.source, args.dest):
        print("%s -> %s" % (src, dst))
        if not args.dry_run:
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.move(src, dst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
