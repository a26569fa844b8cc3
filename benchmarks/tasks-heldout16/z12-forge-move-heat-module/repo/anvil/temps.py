"""Heat colours of steel (seen in shade) and temperature units."""

# (lowest temperature in degrees C, colour), hottest first
HEAT_COLOURS = [
    (1200, "white"),
    (1100, "yellow"),
    (1000, "orange"),
    (900, "bright cherry red"),
    (800, "cherry red"),
    (700, "dull red"),
    (600, "blood red"),
    (500, "faint red"),
]


def colour_for(temp_c):
    """The heat colour of steel at temp_c, or 'black' below visible heat."""
    for lowest, colour in HEAT_COLOURS:
        if temp_c >= lowest:
            return colour
    return "black"


def temp_for(colour):
    """The lowest temperature (C) at which steel shows `colour`."""
    for lowest, name in HEAT_COLOURS:
        if name == colour.strip().lower():
            return lowest
    raise ValueError("unknown heat colour: %r" % (colour,))


def c_to_f(temp_c):
    return round(temp_c * 9 / 5 + 32)
