"""Evaporator arithmetic for a boil."""

EVAPORATION_L_PER_HOUR = 90.0
CORDS_PER_HOUR = 0.125


def boil_off_litres(sap_litres, syrup_litres):
    """Water that has to be boiled away to turn the sap into the syrup."""
    if syrup_litres > sap_litres:
        raise ValueError("cannot make more syrup than sap")
    return sap_litres - syrup_litres


def boil_hours(water_litres):
    """Hours on the evaporator to boil away `water_litres`."""
    return round(water_litres / EVAPORATION_L_PER_HOUR, 1)


def fuel_cords(hours):
    """Cords of firewood burned in `hours` of boiling."""
    if hours < 0:
        raise ValueError("negative hours")
    return round(hours * CORDS_PER_HOUR, 2)
