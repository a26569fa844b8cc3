"""Print the results of a contest from the adjudicators' sheet.

The sheet has one band per line, "Band name: 88, 91, 90", one mark per
adjudicator. Blank lines and lines starting with # are skipped.

    python -m bandcontest.contest sheet.txt [--discard N] [--averages]
"""
import argparse
import sys

from bandcontest.marks import band_average, band_total, placings


def read_sheet(lines):
    results = {}
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        band, _, marks = line.partition(":")
        if not marks.strip():
            raise ValueError("no marks for %r" % band.strip())
        results[band.strip()] = [int(m) for m in marks.replace(",", " ").split()]
    return results


def result_lines(results, discard=0, averages=False):
    lines = []
    for place, band, total in placings(results, discard):
        line = "%2d  %-28s %4d" % (place, band, total)
        if averages:
            line += "  (avg %.1f)" % band_average(results[band], discard)
        lines.append(line)
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bandcontest.contest")
    parser.add_argument("sheet")
    parser.add_argument("--discard", type=int, default=0, help="drop each band's N lowest marks")
    parser.add_argument("--averages", action="store_true")
    args = parser.parse_args(argv)
    with open(args.sheet, encoding="utf-8") as f:
        results = read_sheet(f)
    print("\n".join(result_lines(results, args.discard, args.averages)))
    best = max(results, key=lambda b: (band_total(results[b], drop=args.discard), b))
    print("Top marks: %s" % best)
    return 0


if __name__ == "__main__":
    sys.exit(main())
