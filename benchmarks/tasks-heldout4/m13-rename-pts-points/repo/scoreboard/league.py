from .player import Player
from .render import render_table

WIN_POINTS = 3
PLAY_POINTS = 1


class League:
    def __init__(self):
        self.players = {}
        self.history = []

    def player(self, name):
        if name not in self.players:
            self.players[name] = Player(name)
        return self.players[name]

    def record(self, game, winner, others):
        self.player(winner).award(WIN_POINTS, won=True)
        for name in others:
            self.player(name).award(PLAY_POINTS)
        self.history.append((game, winner, list(others)))

    def standings(self):
        """Players sorted by points (desc), then wins (desc), then name."""
        return sorted(self.players.values(), key=lambda p: (-p.pts, -p.wins, p.name))

    def leader(self):
        ranked = self.standings()
        return ranked[0] if ranked else None

    def table(self):
        return render_table(self.standings())
