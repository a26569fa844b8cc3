"""The jobs book: jobs.csv has ref, customer, piece, fabric, metres,
due (YYYY-MM-DD) and status (open or done)."""
import csv
import datetime
from dataclasses import dataclass

STATUSES = ("open", "done")


@dataclass
class Job:
    ref: str
    customer: str
    piece: str
    fabric: str
    metres: float
    due: datetime.date
    status: str


def read_jobs(path):
    """The jobs, earliest due first."""
    jobs = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            status = row["status"].strip().lower()
            if status not in STATUSES:
                raise ValueError("%s: status must be open or done" % row["ref"])
            jobs.append(Job(row["ref"].strip(), row["customer"].strip(), row["piece"].strip(),
                            row["fabric"].strip(), float(row["metres"]),
                            datetime.date.fromisoformat(row["due"].strip()), status))
    return sorted(jobs, key=lambda j: (j.due, j.ref))


def fabric_needed(jobs):
    """{fabric: metres} over the given jobs."""
    out = {}
    for j in jobs:
        out[j.fabric] = out.get(j.fabric, 0) + j.metres
    return out
