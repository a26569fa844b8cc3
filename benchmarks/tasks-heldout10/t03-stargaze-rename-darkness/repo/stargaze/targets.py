"""Which targets can be seen at a given darkness."""
from stargaze import darkness

# Minimum darkness score each target needs.
TARGETS = {
    "Andromeda Galaxy": 8,
    "Orion Nebula": 6,
    "Pleiades": 4,
    "Jupiter": 1,
}


def visible_targets(hour, moon_illumination):
    """Names of the targets visible at `hour`, alphabetically."""
    score = darkness.calc_darkness(hour, moon_illumination)
    return sorted(name for name, need in TARGETS.items() if score >= need)
