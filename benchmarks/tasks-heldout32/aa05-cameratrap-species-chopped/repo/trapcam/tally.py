"""python -m trapcam.tally FOLDER [--camera NAME]: photos of each species, most first."""
import argparse
from collections import Counter

from trapcam.photos import photos_in


def main(argv=None):
    ap = argparse.ArgumentParser(prog="trapcam.tally")
    ap.add_argument("folder")
    ap.add_argument("--camera")
    args = ap.parse_args(argv)
    photos = [p for p in photos_in(args.folder) if args.camera in (None, p.camera)]
    counts = Counter(p.species for p in photos)
    for species, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        print("%-16s %3d" % (species, n))
    print("%d photos, %d species" % (len(photos), len(counts)))


if __name__ == "__main__":
    main()
