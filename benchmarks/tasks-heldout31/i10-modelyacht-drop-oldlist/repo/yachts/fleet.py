"""The club fleet: fleet.csv has sail,name,class,skipper."""
import csv
from collections import namedtuple

Boat = namedtuple("Boat", "sail name boat_class skipper")


def load_fleet(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Boat(int(r["sail"]), r["name"].strip(), r["class"].strip().upper(), r["skipper"].strip())
                for r in csv.DictReader(f)]


def by_class(boats, boat_class):
    return sorted((b for b in boats if b.boat_class == boat_class.upper()), key=lambda b: b.sail)


def parse_pipe_line(line):
    """One line of the old fleet.txt: 'sail | name | class | skipper' (deprecated format)."""
    sail, name, boat_class, skipper = (part.strip() for part in line.split("|"))
    return Boat(int(sail), name, boat_class.upper(), skipper)


def classes(boats):
    return sorted({b.boat_class for b in boats})
