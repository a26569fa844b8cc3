"""The games shelf."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    title: str
    min_players: int
    max_players: int
    minutes: int


SHELF = [
    Game("Carcassonne", 2, 5, 40),
    Game("Codenames", 4, 8, 20),
    Game("Patchwork", 2, 2, 30),
    Game("Wingspan", 1, 5, 70),
]


def suggest(players, max_minutes=60, shelf=SHELF):
    """Games for this many players that fit the time, shortest first."""
    ok = [g for g in shelf if g.min_players <= players <= g.max_players and g.minutes <= max_minutes]
    return [g.title for g in sorted(ok, key=lambda g: (g.minutes, g.title))]
