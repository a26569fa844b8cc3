"""Mix wine lots into blends."""


def _weighted(values, weights):
    total = sum(weights)
    if total == 0:
        raise ValueError("weights sum to zero")
    return sum(v * w for v, w in zip(values, weights)) / total


def parse_part(text):
    """'600L@13.5' -> (600.0, 13.5)."""
    litres, _, abv = text.strip().upper().partition("L@")
    if not abv:
        raise ValueError("expected LITRES'L@'ABV, got %r" % text)
    return float(litres), float(abv)


def blend_volume(parts):
    return sum(litres for litres, _ in parts)


def blend_abv(parts, digits=2):
    """ABV of the mixed `parts` (litres, abv), rounded to `digits`."""
    return round(_weighted([a for _, a in parts], [l for l, _ in parts]), digits)


def shares(parts):
    """Each part's share of the volume, in percent, one decimal."""
    total = blend_volume(parts)
    return [round(litres * 100.0 / total, 1) for litres, _ in parts]


class Blend:
    def __init__(self, name, vintage=None):
        self.name = name
        self.vintage = vintage
        self.parts = []

    def add(self, litres, abv):
        if litres <= 0:
            raise ValueError("litres must be positive")
        self.parts.append((float(litres), float(abv)))

    def volume(self):
        return blend_volume(self.parts)

    def abv(self):
        return blend_abv(self.parts)

    def label(self):
        year = " %d" % self.vintage if self.vintage else ""
        return "%s%s - %.1f%% vol - %d L" % (self.name, year, self.abv(), self.volume())
