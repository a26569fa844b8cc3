"""Great-circle distance on a spherical Earth."""
import math

EARTH_RADIUS_KM = 6371.0


def haversine(a, b):
    """Distance in km between points a=(lat, lon) and b=(lat, lon), in degrees."""
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    print("DEBUG haversine input", a, b)
    dlat = lat2 - lat1
    dlon = lon2 - lon1
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    print("DEBUG h =", h)
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def route_length(points):
    """Total length in km of the path through *points*."""
    total = 0.0
    for start, end in zip(points, points[1:]):
        leg = haversine(start, end)
        print(f"DEBUG leg {start} -> {end}: {leg:.3f} km")
        total += leg
    return total
