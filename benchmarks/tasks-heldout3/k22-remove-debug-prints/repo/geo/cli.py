import sys

from .distance import route_length


def parse_point(text):
    lat, lon = text.split(",")
    return float(lat), float(lon)


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print("usage: route-length LAT,LON LAT,LON [...]", file=sys.stderr)
        return 2
    points = [parse_point(a) for a in args]
    print(f"{route_length(points):.1f} km")
    return 0
