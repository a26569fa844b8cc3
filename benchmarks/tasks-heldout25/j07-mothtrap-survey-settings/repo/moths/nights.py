"""A night's catch: catches.csv has one row per species per night:
night (YYYY-MM-DD), min_temp (°C that night), species, count."""
import csv
from dataclasses import dataclass, field

COLD_BELOW = 10.0  # °C; a night colder than this is marked cold


@dataclass
class Night:
    night: str
    min_temp: float
    catch: dict = field(default_factory=dict)  # species -> count

    @property
    def moths(self):
        return sum(self.catch.values())


def read_nights(path):
    """The nights in the log, in date order."""
    nights = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            n = nights.setdefault(row["night"], Night(row["night"], float(row["min_temp"])))
            species = row["species"].strip()
            n.catch[species] = n.catch.get(species, 0) + int(row["count"])
    return [nights[k] for k in sorted(nights)]


def is_cold(night):
    return night.min_temp < COLD_BELOW
