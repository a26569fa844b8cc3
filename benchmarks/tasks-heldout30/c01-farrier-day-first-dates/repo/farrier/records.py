"""Reading the shoeing log."""
import csv
from datetime import datetime, timedelta

DATE_FORMAT = "%m/%d/%Y"
WEEKS_BETWEEN = 6


def parse_date(text):
    """A date as written in the log and on the command line."""
    return datetime.strptime(text.strip(), DATE_FORMAT).date()


def format_date(day):
    return day.strftime("%d/%m/%Y")


def load_log(path):
    """[(horse, owner, date shod)] in file order."""
    rows = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            rows.append((row["horse"].strip(), row["owner"].strip(), parse_date(row["shod"])))
    return rows


def next_due(shod):
    """Horses are reshod every six weeks."""
    return shod + timedelta(weeks=WEEKS_BETWEEN)
