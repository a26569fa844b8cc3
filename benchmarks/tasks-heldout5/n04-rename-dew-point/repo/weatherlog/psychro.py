"""Humidity-related formulas. Temperatures are in degrees Celsius."""
import math

MAGNUS_A = 17.62
MAGNUS_B = 243.12


def calc_dew_pt(temp_c, rh):
    """Dew point in degrees C for air at temp_c with relative humidity rh (0-100)."""
    if not 0 < rh <= 100:
        raise ValueError("relative humidity must be in (0, 100]")
    gamma = math.log(rh / 100.0) + MAGNUS_A * temp_c / (MAGNUS_B + temp_c)
    return MAGNUS_B * gamma / (MAGNUS_A - gamma)


def heat_index_c(temp_c, rh):
    """Apparent temperature (Steadman / NWS simple formula), in degrees C."""
    temp_f = temp_c * 9 / 5 + 32
    hi_f = 0.5 * (temp_f + 61.0 + (temp_f - 68.0) * 1.2 + rh * 0.094)
    return (hi_f - 32) * 5 / 9


def is_muggy(temp_c, rh, threshold_c=16.0):
    """True when the dew point is at or above threshold_c."""
    return calc_dew_pt(temp_c, rh) >= threshold_c
