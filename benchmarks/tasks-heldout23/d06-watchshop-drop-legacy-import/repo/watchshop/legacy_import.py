"""Import jobs from the old repair spreadsheet (the 2019 "Repairs.xls",
saved as CSV) into job book lines.

The spreadsheet's columns were: Ticket No, Date In (dd/mm/yyyy), Name,
Watch, Status, Price. Old statuses are mapped onto the job book's.

    python -m watchshop.legacy_import old_repairs.csv >> jobbook.txt
"""
import argparse
import csv
import sys
from datetime import datetime

from watchshop.jobs import Job, format_line, parse_pence

OLD_STATUS = {"in": "waiting", "on bench": "in progress", "done": "ready", "gone": "collected"}


def convert_row(row):
    status = OLD_STATUS.get(row["Status"].strip().lower())
    if status is None:
        raise ValueError("ticket %s: unknown old status %r" % (row["Ticket No"], row["Status"]))
    received = datetime.strptime(row["Date In"].strip(), "%d/%m/%Y").date()
    ticket = "L" + row["Ticket No"].strip().zfill(4)
    return Job(ticket, received, row["Name"].strip(), row["Watch"].strip(), status, parse_pence(row["Price"]))


def convert(lines):
    return [convert_row(row) for row in csv.DictReader(lines) if (row.get("Ticket No") or "").strip()]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m watchshop.legacy_import", description=__doc__.split("\n")[0])
    parser.add_argument("spreadsheet", help="the old spreadsheet saved as CSV")
    args = parser.parse_args(argv)
    with open(args.spreadsheet, newline="", encoding="utf-8-sig") as f:
        for job in convert(f):
            print(format_line(job))
    return 0


if __name__ == "__main__":
    sys.exit(main())
