"""The yard diary: which jobs go up and come down on which day.

diary.csv columns: job,customer,up,weeks
"""
import csv
from collections import namedtuple
from datetime import date, timedelta

Job = namedtuple("Job", "job customer up weeks")


def read_diary(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Job(r["job"], r["customer"], date.fromisoformat(r["up"]), int(r["weeks"]))
                for r in csv.DictReader(f)]


def down_on(job):
    return job.up + timedelta(weeks=job.weeks)


def on_day(jobs, day):
    """(going up, coming down) on `day`, as lists of job names."""
    ups = [j.job for j in jobs if j.up == day]
    downs = [j.job for j in jobs if down_on(j) == day]
    return ups, downs


def standing(jobs, day):
    """Jobs with a scaffold up on `day`."""
    return [j.job for j in jobs if j.up <= day < down_on(j)]
