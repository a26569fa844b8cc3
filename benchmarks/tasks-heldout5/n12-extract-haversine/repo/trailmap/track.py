"""Parsing of exported track files."""
from collections import namedtuple

Point = namedtuple("Point", "lat lon ele")


def read_track(text):
    """CSV 'lat,lon,ele' lines -> list of Points; a header line is skipped."""
    points = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.lower().startswith("lat"):
            continue
        lat, lon, ele = (float(x) for x in line.split(","))
        points.append(Point(lat, lon, ele))
    return points
