"""One player's scorecard."""
from puttpar.course import MAX_STROKES


class Scorecard:
    def __init__(self, player, course):
        self.player = player
        self.course = course
        self.strokes = {}

    def record(self, hole, strokes):
        """Write down the strokes taken on a hole (1 = first hole)."""
        self.strokes[hole] = strokes

    @property
    def complete(self):
        return len(self.strokes) == self.course.holes

    def total(self):
        return sum(self.strokes.values())

    def to_par(self):
        """Strokes over (+) or under (-) par on the holes played so far."""
        return sum(s - self.course.par(h) for h, s in self.strokes.items())

    def line(self):
        """'Maya        41  (+2)' for the board."""
        return "%-10s %3d  (%+d)" % (self.player, self.total(), self.to_par())


def worst_possible(course):
    """The highest total anyone can card on a course."""
    return course.holes * MAX_STROKES
