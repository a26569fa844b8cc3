"""Frost and heat alerts."""

FROST_C = 2.0
HEAT_C = 35.0


def _fahrenheit_to_celsius(value):
    celsius = (value - 32) * 5 / 9
    return round(celsius, 1)


def alert_for(bench, fahrenheit):
    """An alert message for one raw reading, or None."""
    c = _fahrenheit_to_celsius(fahrenheit)
    if c <= FROST_C:
        return "FROST %s: %.1f C" % (bench, c)
    if c >= HEAT_C:
        return "HEAT %s: %.1f C" % (bench, c)
    return None


def alerts(raw_readings):
    """Alerts for (bench, fahrenheit) pairs, in order."""
    out = []
    for bench, f in raw_readings:
        msg = alert_for(bench, f)
        if msg:
            out.append(msg)
    return out
