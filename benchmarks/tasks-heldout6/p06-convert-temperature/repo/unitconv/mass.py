"""Mass conversion via grams."""
from unitconv.errors import UnitError

MASS_UNITS = {
    "mg": 0.001,
    "g": 1.0,
    "kg": 1000.0,
    "t": 1000000.0,
    "oz": 28.349523125,
    "lb": 453.59237,
}


def convert_mass(value, from_unit, to_unit):
    for unit in (from_unit, to_unit):
        if unit not in MASS_UNITS:
            raise UnitError(unit, "mass")
    return value * MASS_UNITS[from_unit] / MASS_UNITS[to_unit]
