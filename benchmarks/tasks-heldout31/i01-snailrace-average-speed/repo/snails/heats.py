"""Heat results: heat,snail,mm,seconds (how far each snail got, and in how long)."""
import csv
from collections import namedtuple

Run = namedtuple("Run", "heat snail mm seconds")


def load_heats(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Run(int(r["heat"]), r["snail"].strip(), int(r["mm"]), int(r["seconds"]))
                for r in csv.DictReader(f)]


def speed(run):
    """Millimetres a minute."""
    return run.mm * 60 / run.seconds
