"""unitconv: plain-Python unit conversion."""
from unitconv.errors import UnitError
from unitconv.length import LENGTH_UNITS, convert_length
from unitconv.mass import MASS_UNITS, convert_mass

__all__ = [
    "UnitError",
    "LENGTH_UNITS",
    "MASS_UNITS",
    "convert_length",
    "convert_mass",
]
