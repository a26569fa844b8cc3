"""Reading and choosing appointments.

The diary file is CSV: date,time,pet,species,owner,vet,status
where status is "booked", "arrived" or "cancelled".
"""
import csv
from collections import namedtuple
from datetime import date, time

Appointment = namedtuple("Appointment", "day time pet species owner vet status")

STATUSES = ("booked", "arrived", "cancelled")


def _clock(text):
    hours, minutes = text.strip().split(":")
    return time(int(hours), int(minutes))


def read_diary(lines):
    out = []
    for row in csv.DictReader(lines):
        if not (row.get("date") or "").strip():
            continue
        status = (row.get("status") or "booked").strip().lower()
        if status not in STATUSES:
            raise ValueError("unknown status %r for %s" % (status, row["pet"]))
        out.append(Appointment(date.fromisoformat(row["date"].strip()), _clock(row["time"]), row["pet"].strip(),
                               row["species"].strip().lower(), row["owner"].strip(), row["vet"].strip(), status))
    return out


def load_diary(path):
    with open(path, newline="", encoding="utf-8") as f:
        return read_diary(f)


def same_vet(name, wanted):
    """"Dr Okafor" matches "okafor", "Okafor" and "dr okafor"."""
    name, wanted = name.lower(), wanted.lower().strip()
    return name == wanted or name.split()[-1] == wanted


def select(appointments, vet=None, day=None, include_cancelled=False):
    """The appointments to show, in date and time order."""
    chosen = [a for a in appointments
              if (include_cancelled or a.status != "cancelled")
              and (vet is None or same_vet(a.vet, vet))
              and (day is None or a.day == day)]
    return sorted(chosen, key=lambda a: (a.day, a.time))
