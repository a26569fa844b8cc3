"""Cut lists: 'name | quantity | width x height' lines."""

from dataclasses import dataclass

from .measure import format_inches, parse_inches

FABRIC_WIDTH = 42  # usable inches across a bolt of quilting cotton


@dataclass
class Piece:
    name: str
    qty: int
    width: float
    height: float

    def label(self):
        return "%d x %s by %s %s" % (self.qty, format_inches(self.width),
                                      format_inches(self.height), self.name)


def parse_line(line):
    name, qty, size = [part.strip() for part in line.split("|")]
    width, height = size.lower().split("x")
    return Piece(name, int(qty), parse_inches(width), parse_inches(height))


def load(lines):
    return [parse_line(line) for line in lines
            if line.strip() and not line.lstrip().startswith("#")]


def strips_needed(piece):
    """Width-of-fabric strips to cut, each as tall as the piece."""
    per_strip = int(FABRIC_WIDTH // piece.width)
    if per_strip < 1:
        raise ValueError("%s is wider than the fabric" % piece.name)
    return -(-piece.qty // per_strip)


def total_inches(pieces):
    """Length of fabric along the bolt needed to cut every piece."""
    return sum(strips_needed(p) * p.height for p in pieces)


def yards(pieces):
    """Fabric to buy, rounded up to the next 1/8 yard."""
    eighths = -(-total_inches(pieces) // 4.5)
    return eighths / 8
