"""Pitches and lodges."""
from collections import namedtuple

Pitch = namedtuple("Pitch", "code kind nightly")

PITCHES = {
    "A1": Pitch("A1", "tent", 18.5),
    "A2": Pitch("A2", "tent", 18.5),
    "C4": Pitch("C4", "caravan", 32.0),
    "L1": Pitch("L1", "lodge", 145.0),
    "L2": Pitch("L2", "lodge", 1120.0),
}


def get_pitch(code):
    try:
        return PITCHES[code]
    except KeyError:
        raise KeyError("no such pitch: %s" % code)


def describe_pitch(code):
    """One line for the booking page, e.g. 'A1: tent pitch, 18.5 per night'."""
    p = get_pitch(code)
    return "%s: %s pitch, %s per night" % (p.code, p.kind, p.nightly)
