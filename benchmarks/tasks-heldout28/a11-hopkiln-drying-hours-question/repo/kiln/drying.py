"""How long a load of green hops takes to dry in the oast."""
import math

TARGET_MOISTURE = 9.0     # per cent, dry enough to bale
PREHEAT_HOURS = 1.5       # bringing the kiln floor up to heat
# kg of water the kiln lifts out of the hops per hour, by kiln
EXTRACT_KG_PER_HOUR = {"large": 40.0, "small": 26.0}
# aroma varieties are dried cooler, so more slowly
AROMA_VARIETIES = {"fuggle", "goldings", "bramling cross", "progress"}
AROMA_RATE = 0.8


def water_to_remove(load_kg, moisture_pct, target=TARGET_MOISTURE):
    """kg of water to drive off to bring `load_kg` of hops from `moisture_pct` down
    to `target` per cent moisture (the dry matter stays the same)."""
    if moisture_pct <= target:
        return 0.0
    dry_matter = load_kg * (100 - moisture_pct) / 100
    return load_kg - dry_matter * 100 / (100 - target)


def drying_hours(load_kg, moisture_pct, variety, kiln="large"):
    """Hours on the kiln, preheat included, rounded up to the next half hour of drying."""
    rate = EXTRACT_KG_PER_HOUR[kiln]
    if variety.strip().lower() in AROMA_VARIETIES:
        rate *= AROMA_RATE
    hours = water_to_remove(load_kg, moisture_pct) / rate
    return math.ceil(hours * 2) / 2 + PREHEAT_HOURS
