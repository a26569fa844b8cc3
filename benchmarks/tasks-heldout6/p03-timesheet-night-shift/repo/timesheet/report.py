"""Print weekly hours per employee: python -m timesheet.report FILE."""
import sys

from timesheet.week import hours_by_employee, load_entries


def format_report(hours):
    lines = ["%-12s %7.2f" % (name, hours[name]) for name in sorted(hours)]
    lines.append("%-12s %7.2f" % ("TOTAL", sum(hours.values())))
    return "\n".join(lines)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m timesheet.report FILE", file=sys.stderr)
        return 2
    print(format_report(hours_by_employee(load_entries(argv[0]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
