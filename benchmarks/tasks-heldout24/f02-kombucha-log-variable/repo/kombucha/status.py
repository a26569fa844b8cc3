"""Where every batch is up to.

    python -m kombucha.status [--date YYYY-MM-DD] [--tea TEA]

reads the batch log (batches.csv in the current folder) and prints one line
per batch: its stage and the day it is bottled or ready.
"""
import argparse
import sys
from datetime import date

from kombucha.batches import bottle_on, read_batches, ready_on, stage

LOG_FILE = "batches.csv"


def status_line(batch, today):
    s = stage(batch, today)
    if s == "brewing":
        note = "bottle on %s" % bottle_on(batch).isoformat()
    elif s == "bottled":
        note = "ready on %s" % ready_on(batch).isoformat()
    else:
        note = "ready since %s" % ready_on(batch).isoformat()
    return "%-14s %-7s %-8s %s" % (batch.name, batch.tea, s, note)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="kombucha.status")
    parser.add_argument("--date", type=date.fromisoformat, default=None,
                        help="show the stages on this day (default: today)")
    parser.add_argument("--tea", help="only batches of this tea")
    args = parser.parse_args(argv)
    today = args.date or date.today()
    try:
        batches = read_batches(LOG_FILE)
    except FileNotFoundError:
        print("no batch log found at %s" % LOG_FILE, file=sys.stderr)
        return 1
    shown = [b for b in batches if not args.tea or b.tea == args.tea.lower()]
    for b in shown:
        print(status_line(b, today))
    print("%d batches" % len(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
