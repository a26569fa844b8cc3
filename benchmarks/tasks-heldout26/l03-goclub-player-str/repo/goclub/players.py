"""Club members."""
import csv

from goclub.ranks import handicap, parse_rank, rank_label


class Player:
    """A member: name, grade (see goclub.ranks) and an optional club."""

    def __init__(self, name, rank, club=None):
        self.name = name
        self.grade = parse_rank(rank)
        self.club = club

    @property
    def rank(self):
        return rank_label(self.grade)

    def __eq__(self, other):
        if not isinstance(other, Player):
            return NotImplemented
        return (self.name, self.grade, self.club) == (other.name, other.grade, other.club)

    def stones_against(self, other):
        """Handicap stones for a game between this player and `other`."""
        return handicap(self.grade, other.grade)


def read_players(path):
    """Players from a CSV file with name, rank and club columns (club may be empty)."""
    with open(path, newline="", encoding="utf-8") as f:
        return [Player(r["name"].strip(), r["rank"], r["club"].strip() or None) for r in csv.DictReader(f)]


def ladder(players):
    """Players strongest first, then by name."""
    return sorted(players, key=lambda p: (-p.grade, p.name))
