"""The job book: one repair per line.

    ticket | received | customer | item | status | quote

e.g. "A1042 | 2025-03-04 | Mrs Patel | Seiko 5, new crown | waiting | £38.50".
status is one of waiting, in progress, ready, collected.
"""
from collections import namedtuple
from datetime import date

Job = namedtuple("Job", "ticket received customer item status quote_pence")

STATUSES = ("waiting", "in progress", "ready", "collected")


def parse_pence(text):
    """Pence from "£38.50", "38.5" or "38"; a blank quote is None."""
    text = text.strip().lstrip("£").replace(",", "")
    if not text:
        return None
    pounds, _, pence = text.partition(".")
    return int(pounds) * 100 + int((pence + "00")[:2])


def format_pence(pence):
    return "" if pence is None else "£%d.%02d" % divmod(pence, 100)


def parse_line(line):
    parts = [p.strip() for p in line.split("|")]
    if len(parts) != 6:
        raise ValueError("a job line has six fields: %r" % line)
    ticket, received, customer, item, status, quote = parts
    if status not in STATUSES:
        raise ValueError("%s: unknown status %r" % (ticket, status))
    return Job(ticket, date.fromisoformat(received), customer, item, status, parse_pence(quote))


def format_line(job):
    return " | ".join([job.ticket, job.received.isoformat(), job.customer, job.item, job.status,
                       format_pence(job.quote_pence)])


def read_jobs(lines):
    return [parse_line(l) for l in lines if l.strip() and not l.lstrip().startswith("#")]


def overdue(jobs, today, days=28):
    """Jobs not ready yet that came in more than `days` days before `today`."""
    return [j for j in jobs if j.status in ("waiting", "in progress") and (today - j.received).days > days]


def uncollected(jobs):
    return [j for j in jobs if j.status == "ready"]
