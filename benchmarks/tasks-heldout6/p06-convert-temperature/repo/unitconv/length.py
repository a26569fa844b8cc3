"""Length conversion via metres."""
from unitconv.errors import UnitError

LENGTH_UNITS = {
    "mm": 0.001,
    "cm": 0.01,
    "m": 1.0,
    "km": 1000.0,
    "in": 0.0254,
    "ft": 0.3048,
    "yd": 0.9144,
    "mi": 1609.344,
}


def convert_length(value, from_unit, to_unit):
    for unit in (from_unit, to_unit):
        if unit not in LENGTH_UNITS:
            raise UnitError(unit, "length")
    return value * LENGTH_UNITS[from_unit] / LENGTH_UNITS[to_unit]
