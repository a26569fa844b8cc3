"""Temperature conversions."""

ABSOLUTE_ZERO_C = -273.15


def celsius_to_fahrenheit(c):
    return c * 9 / 5 + 32


def celsius_to_kelvin(c):
    if c < ABSOLUTE_ZERO_C:
        raise ValueError("below absolute zero")
    return c - ABSOLUTE_ZERO_C
