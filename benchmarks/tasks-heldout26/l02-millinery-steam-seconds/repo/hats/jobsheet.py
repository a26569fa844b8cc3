"""The day's job sheet.

    python -m hats.jobsheet jobs.csv
"""
import csv
import sys

from hats.blocking import STEAM_SECS, block_minutes, mm_ss, steam_time


def read_jobs(path):
    """(customer, material, panels) for each job in the file."""
    with open(path, newline="", encoding="utf-8") as f:
        return [(r["customer"].strip(), r["material"].strip().lower(), int(r["panels"]))
                for r in csv.DictReader(f)]


def sheet(jobs):
    """The job sheet's lines."""
    lines = ["Steam: %d s a felt panel" % STEAM_SECS]
    total = 0
    for customer, material, panels in jobs:
        minutes = block_minutes(material, panels)
        total += minutes
        lines.append("%-18s %-8s %2d panels  steam %s  block %d min"
                     % (customer, material, panels, mm_ss(steam_time(material, panels)), minutes))
    lines.append("Total on the blocks: %d h %02d min" % divmod(total, 60))
    return lines


if __name__ == "__main__":
    for line in sheet(read_jobs(sys.argv[1] if len(sys.argv) > 1 else "jobs.csv")):
        print(line)
