"""Pricing wheels for sale."""

# Pence per kilo by cheese, for (young, mature) wheels.
PRICE_PER_KG = {"alpine": (2400, 3200), "blue": (2600, 3000), "washed": (2800, 3400)}
MATURE_DAYS = 180


def _weight(g):
    return f"{g} g" if g < 1000 else f"{g / 1000:.2f} kg"


def _months_days(days):
    months = days // 30
    rest = days - months * 30
    return f"{months} mo {rest} d" if months else f"{rest} d"


def price_pence(wheel, today):
    """Price of the whole wheel in pence, rounded to the penny."""
    young, mature = PRICE_PER_KG[wheel.cheese]
    per_kg = mature if wheel.age_days(today) >= MATURE_DAYS else young
    return round(per_kg * wheel.grams / 1000)


def price_line(wheel, today):
    """'GR-014  12.35 kg at 32.00/kg = 395.20  (8 mo 7 d)'."""
    young, mature = PRICE_PER_KG[wheel.cheese]
    per_kg = mature if wheel.age_days(today) >= MATURE_DAYS else young
    return "%s  %s at %.2f/kg = %.2f  (%s)" % (wheel.code, _weight(wheel.grams), per_kg / 100,
                                              price_pence(wheel, today) / 100,
                                              _months_days(wheel.age_days(today)))
