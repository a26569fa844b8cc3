"""Monthly invoices.

    python -m lessons.invoices lessons.csv --month 2025-09
"""
import argparse

from lessons.pupils import cost, load_lessons, load_pupils


def invoices(lessons, pupils, year, month):
    """{pupil: (number of lessons, pence)} for one month."""
    out = {}
    for day, _, pupil, minutes in lessons:
        if (day.year, day.month) == (year, month):
            n, total = out.get(pupil, (0, 0))
            out[pupil] = (n + 1, total + cost(minutes, pupils[pupil][1]))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lessons")
    parser.add_argument("--month", required=True, help="YYYY-MM")
    args = parser.parse_args(argv)
    year, month = (int(x) for x in args.month.split("-"))
    pupils = load_pupils()
    for pupil, (n, pence) in sorted(invoices(load_lessons(args.lessons), pupils, year, month).items()):
        print("%-16s %-28s %2d lessons  £%.2f" % (pupil, pupils[pupil][0], n, pence / 100))


if __name__ == "__main__":
    main()
