"""A session's scores: a CSV with pair, direction (NS or EW), matchpoints
and out_of (the most matchpoints the pair could have scored)."""
import csv
from dataclasses import dataclass


@dataclass
class Score:
    pair: str
    direction: str
    matchpoints: float
    out_of: int

    @property
    def percent(self):
        return 100 * self.matchpoints / self.out_of


def read_session(path):
    scores = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            direction = row["direction"].strip().upper()
            if direction not in ("NS", "EW"):
                raise ValueError("direction must be NS or EW, not %r" % row["direction"])
            scores.append(Score(row["pair"].strip(), direction, float(row["matchpoints"]), int(row["out_of"])))
    return scores


def ranked(scores):
    """Best percentage first; equal percentages by pair name."""
    return sorted(scores, key=lambda s: (-s.percent, s.pair))
