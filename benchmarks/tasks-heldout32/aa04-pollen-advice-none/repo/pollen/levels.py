"""Pollen levels (grains per cubic metre of air) and what to do about them."""

LEVELS = [(150, "Very high"), (50, "High"), (30, "Moderate"), (0, "Low")]
ORDER = ["Low", "Moderate", "High", "Very high"]


def level(grains):
    for limit, name in LEVELS:
        if grains >= limit:
            return name
    return "Low"


def advice(name):
    """One line of advice for a level."""
    if name == "Low":
        return "Nothing to do."
    text = "Take an antihistamine in the morning"
    if name in ("High", "Very high"):
        text += ", keep the windows shut"
    if name == "Very high":
        text += " and leave the mowing for another day"
    text += "."
