"""Tread depth readings taken across a tyre, in millimetres."""

LEGAL_MIN_MM = 1.6   # UK legal minimum for car tyres
ADVISORY_MM = 3.0    # below this we suggest replacing soon


def average_depth(readings):
    """Mean of the readings, to one decimal place."""
    if not readings:
        raise ValueError("no readings")
    return round(sum(readings) / len(readings), 1)


def advice(readings):
    """'ok', 'replace soon' or 'replace now', from the shallowest reading."""
    if not readings:
        raise ValueError("no readings")
    worst = min(readings)
    if worst < LEGAL_MIN_MM:
        return "replace now"
    if worst < ADVISORY_MM:
        return "replace soon"
    return "ok"
