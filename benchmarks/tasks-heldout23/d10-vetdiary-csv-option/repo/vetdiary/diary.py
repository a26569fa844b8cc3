"""Print the appointments diary.

    python -m vetdiary.diary DIARY                       # everything still on
    python -m vetdiary.diary DIARY --vet okafor --date 2025-06-02
    python -m vetdiary.diary DIARY --all                 # cancelled ones too
"""
import argparse
import sys
from datetime import date

from vetdiary.appointments import load_diary, select


def diary_lines(appointments):
    lines = []
    current = None
    for a in appointments:
        if a.day != current:
            current = a.day
            lines.append(a.day.strftime("%A %d %B %Y"))
        line = "  %s  %-12s %-8s %-22s %s" % (a.time.strftime("%H:%M"), a.pet, a.species, a.owner, a.vet)
        if a.status != "booked":
            line += "  [%s]" % a.status
        lines.append(line)
    lines.append("%d appointment%s" % (len(appointments), "" if len(appointments) == 1 else "s"))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m vetdiary.diary", description="Print the appointments diary.")
    parser.add_argument("diary", help="the diary CSV file")
    parser.add_argument("--vet", help="only this vet's appointments (surname is enough)")
    parser.add_argument("--date", type=date.fromisoformat, help="only this day (YYYY-MM-DD)")
    parser.add_argument("--all", action="store_true", help="include cancelled appointments")
    args = parser.parse_args(argv)
    shown = select(load_diary(args.diary), vet=args.vet, day=args.date, include_cancelled=args.all)
    print("\n".join(diary_lines(shown)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
