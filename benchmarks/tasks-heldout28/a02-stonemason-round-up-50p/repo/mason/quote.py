"""python -m mason.quote STONE STYLE INSCRIPTION [--fixing]: a memorial quote.
python -m mason.quote --recut STYLE INSCRIPTION: re-lettering an existing stone."""
import argparse
import sys

from mason.lettering import count_letters, lettering_pence, load_stones
from mason.money import percent_of, pounds, round_up_50

FIXING_PENCE = 4500      # fixing the stone in the cemetery
SITE_VISIT_PENCE = 6000  # re-cutting is done on site
VAT_PERCENT = 20


def memorial_lines(stone, stone_pence, inscription, style, fixing=False):
    letters = lettering_pence(inscription, style)
    lines = [("%s" % stone, stone_pence),
             ("%d letters, %s" % (count_letters(inscription), style), letters)]
    if fixing:
        lines.append(("fixing", FIXING_PENCE))
    return lines


def recut_lines(inscription, style):
    return [("site visit", SITE_VISIT_PENCE),
            ("%d letters, %s" % (count_letters(inscription), style), lettering_pence(inscription, style))]


def total_pence(lines):
    net = sum(p for _, p in lines)
    return round_up_50(net + percent_of(net, VAT_PERCENT))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m mason.quote")
    parser.add_argument("words", nargs="+", help="STONE STYLE INSCRIPTION, or STYLE INSCRIPTION with --recut")
    parser.add_argument("--fixing", action="store_true")
    parser.add_argument("--recut", action="store_true")
    args = parser.parse_args(argv)
    try:
        if args.recut:
            lines = recut_lines(" ".join(args.words[1:]), args.words[0])
        else:
            stones = load_stones()
            stone = args.words[0]
            if stone not in stones:
                raise ValueError("no stone called %r in stones.csv" % stone)
            lines = memorial_lines(stone, stones[stone], " ".join(args.words[2:]), args.words[1], args.fixing)
    except (IndexError, ValueError) as exc:
        sys.exit("error: %s" % (exc or "not enough words"))
    for what, pence in lines:
        print("%-28s %12s" % (what, pounds(pence)))
    print("%-28s %12s" % ("total with VAT", pounds(total_pence(lines))))


if __name__ == "__main__":
    main()
