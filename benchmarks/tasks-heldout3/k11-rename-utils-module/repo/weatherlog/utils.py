"""Small shared helpers."""
from datetime import datetime


def parse_timestamp(text):
    """Parse '2024-05-01T06:00' into a datetime."""
    return datetime.strptime(text, "%Y-%m-%dT%H:%M")


def mean_of(values):
    values = list(values)
    if not values:
        return None
    return round(sum(values) / len(values), 2)
