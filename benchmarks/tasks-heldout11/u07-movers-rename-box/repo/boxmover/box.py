"""One packed box on a house move."""

from dataclasses import dataclass

HEAVY_KG = 20.0


@dataclass
class Box:
    label: str
    room: str
    weight_kg: float
    fragile: bool = False

    def is_heavy(self):
        return self.weight_kg >= HEAVY_KG

    def sticker(self):
        """'Books 3 -> STUDY [HEAVY]': what we print on the box."""
        flags = []
        if self.fragile:
            flags.append("FRAGILE")
        if self.is_heavy():
            flags.append("HEAVY")
        text = "%s -> %s" % (self.label, self.room.upper())
        return text + (" [%s]" % ", ".join(flags) if flags else "")
