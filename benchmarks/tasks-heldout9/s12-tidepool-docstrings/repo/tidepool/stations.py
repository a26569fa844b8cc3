"""Secondary tide stations relative to the reference port."""

import json
from dataclasses import dataclass


@dataclass
class Station:
    code: str
    name: str
    offset_min: int = 0
    range_factor: float = 1.0

    def local_time(self, reference_minutes):
        return (reference_minutes + self.offset_min) % (24 * 60)

    def local_height(self, reference_height, mean_level=3.1):
        return round(mean_level + (reference_height - mean_level) * self.range_factor, 2)


def load_stations(path):
    with open(path, encoding="utf-8") as fh:
        return {d["code"]: Station(**d) for d in json.load(fh)}


def find_station(stations, text):
    text = text.strip().lower()
    for station in stations.values():
        if text in (station.code.lower(), station.name.lower()):
            return station
    raise KeyError(text)
