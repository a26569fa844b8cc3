"""python -m carols.plan STREETS.csv [--start HH:MM]: when we reach each street."""
import argparse

from carols.streets import hhmm, load_streets, parse_hhmm, timetable


def main(argv=None):
    ap = argparse.ArgumentParser(prog="carols.plan")
    ap.add_argument("streets")
    ap.add_argument("--start", default="18:00", help="when we set off (HH:MM)")
    args = ap.parse_args(argv)
    streets = load_streets(args.streets)
    times, finish = timetable(streets, parse_hhmm(args.start))
    for s, t in times:
        print("%s  %-18s %3d houses" % (hhmm(t), s.name, s.houses))
    print("%d streets, %d houses, back at the hall by %s" % (len(streets), sum(s.houses for s in streets), hhmm(finish)))


if __name__ == "__main__":
    main()
