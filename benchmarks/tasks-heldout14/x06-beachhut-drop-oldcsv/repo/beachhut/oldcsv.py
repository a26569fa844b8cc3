"""Reader for the 2019 spreadsheet export (semicolon separated, dd/mm dates)."""
import csv
import datetime

from beachhut.bookings import Booking


def read_2019_export(lines):
    """Bookings from the old 'hut;name;from;to' export."""
    out = []
    for row in csv.reader(lines, delimiter=";"):
        if not row or row[0] == "hut":
            continue
        start = datetime.datetime.strptime(row[2] + "/2019", "%d/%m/%Y").date()
        end = datetime.datetime.strptime(row[3] + "/2019", "%d/%m/%Y").date()
        week = start.isocalendar()[1]
        out.append(Booking(int(row[0]), row[1].strip(), week, (end - start).days // 7 + 1))
    return out
