"""The bookings file: ref, bothy, name, night, party."""
import csv
import os
from dataclasses import asdict, dataclass, fields
from datetime import date

COLUMNS = ["ref", "bothy", "name", "night", "party"]


@dataclass
class Booking:
    ref: str
    bothy: str
    name: str
    night: date
    party: int


def read_bookings(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Booking(r["ref"], r["bothy"], r["name"], date.fromisoformat(r["night"]), int(r["party"]))
                for r in csv.DictReader(f)]


def _row(booking):
    row = asdict(booking)
    row["night"] = booking.night.isoformat()
    return row


def write_bookings(path, bookings):
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=[fl.name for fl in fields(Booking)])
        writer.writeheader()
        writer.writerows(_row(b) for b in bookings)


def append_bookings(path, bookings):
    """Add bookings to the end of `path`, writing the header if the file is new."""
    new = not os.path.exists(path)
    with open(path, "a", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        if new:
            writer.writeheader()
        writer.writerows(_row(b) for b in bookings)
