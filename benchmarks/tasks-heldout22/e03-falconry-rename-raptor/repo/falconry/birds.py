"""The birds of the centre and their daily weigh-in."""

READY_MARGIN = 0.03      # a bird flies if within 3% above its flying weight
RATION_PERCENT = {"hawk": 9, "falcon": 10, "owl": 7, "eagle": 6, "kite": 8}


class BirdRecord:
    """One bird: its name, species, kind, today's weight and its flying weight (grams)."""

    def __init__(self, name, species, kind, weight_g, flying_weight_g):
        if kind not in RATION_PERCENT:
            raise ValueError("unknown kind of bird %r" % kind)
        if weight_g <= 0 or flying_weight_g <= 0:
            raise ValueError("weights must be positive")
        self.name = name
        self.species = species
        self.kind = kind
        self.weight_g = weight_g
        self.flying_weight_g = flying_weight_g

    def __repr__(self):
        return "BirdRecord(%r, %r, %r, %r, %r)" % (self.name, self.species, self.kind,
                                                   self.weight_g, self.flying_weight_g)

    def ready_to_fly(self):
        return self.weight_g <= self.flying_weight_g * (1 + READY_MARGIN)

    def over_by(self):
        """Grams above the flying weight (0 if at or under it)."""
        return max(0, self.weight_g - self.flying_weight_g)

    def ration_g(self):
        """Today's food: a share of flying weight, less anything it is over by."""
        base = self.flying_weight_g * RATION_PERCENT[self.kind] // 100
        return max(0, base - self.over_by())

    @classmethod
    def from_line(cls, line):
        """"Ember, Harris hawk, hawk, 742, 725" -> a record."""
        name, species, kind, weight, flying = [part.strip() for part in line.split(",")]
        return cls(name, species, kind.lower(), int(weight), int(flying))


def load_birds(text):
    birds = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            birds.append(BirdRecord.from_line(line))
    return birds
