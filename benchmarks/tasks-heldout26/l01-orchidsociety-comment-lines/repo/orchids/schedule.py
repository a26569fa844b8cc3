"""Which plants are due for repotting.

    python -m orchids.schedule plants.csv [--today YYYY-MM-DD]
"""
import argparse
from datetime import date

from orchids.plants import read_plants

REPOT_EVERY_DAYS = {"Phalaenopsis": 730, "Cymbidium": 1095, "Dendrobium": 730}
DEFAULT_DAYS = 900


def due(plants, today):
    """(plant, days overdue) for each plant due for repotting, most overdue first."""
    out = []
    for plant in plants:
        every = REPOT_EVERY_DAYS.get(plant.genus, DEFAULT_DAYS)
        overdue = (today - plant.repotted).days - every
        if overdue >= 0:
            out.append((plant, overdue))
    return sorted(out, key=lambda pair: (-pair[1], pair[0].name))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("plants")
    parser.add_argument("--today", type=date.fromisoformat, default=date.today())
    args = parser.parse_args(argv)
    plants = read_plants(args.plants)
    rows = due(plants, args.today)
    for plant, overdue in rows:
        print("%-24s %-14s %2d cm pot, %d days overdue" % (plant.name, plant.genus, plant.pot_cm, overdue))
    print("%d of %d plants due for repotting" % (len(rows), len(plants)))


if __name__ == "__main__":
    main()
