"""The repair book: one row per clock in for repair."""
import csv
from dataclasses import dataclass
from datetime import date


@dataclass
class Job:
    ticket: str
    customer: str
    clock: str
    promised: date
    done: bool


def load_jobs(path):
    """Jobs from a CSV file with ticket, customer, clock, promised, done."""
    with open(path, newline="", encoding="utf-8") as f:
        return [Job(row["ticket"], row["customer"], row["clock"],
                    date.fromisoformat(row["promised"]), row["done"].strip().lower() == "yes")
                for row in csv.DictReader(f)]


def overdue(jobs, today):
    """Unfinished jobs promised before `today`, most overdue first."""
    late = [j for j in jobs if not j.done and j.promised < today]
    return sorted(late, key=lambda j: (j.promised, j.ticket))


def days_late(job, today):
    return (today - job.promised).days
