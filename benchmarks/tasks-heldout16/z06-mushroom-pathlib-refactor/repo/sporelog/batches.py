"""A grow batch and its text form."""

from dataclasses import dataclass, field


@dataclass
class Batch:
    batch_id: str
    strain: str
    substrate_kg: float          # dry weight of the substrate
    inoculated: str              # YYYY-MM-DD
    flushes: list = field(default_factory=list)   # grams of fresh mushrooms

    def to_lines(self):
        return ["id: " + self.batch_id,
                "strain: " + self.strain,
                "substrate_kg: %g" % self.substrate_kg,
                "inoculated: " + self.inoculated,
                "flushes: " + " ".join(str(g) for g in self.flushes)]

    @classmethod
    def from_lines(cls, lines):
        values = {}
        for line in lines:
            if ":" in line:
                key, _, value = line.partition(":")
                values[key.strip()] = value.strip()
        return cls(values["id"], values["strain"], float(values["substrate_kg"]),
                   values["inoculated"], [int(g) for g in values.get("flushes", "").split()])
