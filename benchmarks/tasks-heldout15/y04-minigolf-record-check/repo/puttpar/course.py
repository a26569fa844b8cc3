"""The courses on the pier."""
from dataclasses import dataclass

# House rule: pick up after this many strokes on a hole.
MAX_STROKES = 6


@dataclass(frozen=True)
class Course:
    name: str
    pars: tuple

    @property
    def holes(self):
        return len(self.pars)

    def par(self, hole):
        """Par for hole 1..holes."""
        return self.pars[hole - 1]


COURSES = {
    "pirate": Course("Pirate Cove", (2, 3, 2, 3, 2, 4, 3, 2, 3, 2, 3, 2, 4, 2, 3, 2, 3, 3)),
    "jungle": Course("Jungle Run", (2, 2, 3, 3, 2, 3, 4, 2, 3)),
}
