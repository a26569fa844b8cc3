class Player:
    """A league member and their running score."""

    def __init__(self, name):
        self.name = name
        self.pts = 0
        self.games = 0
        self.wins = 0

    def award(self, amount, won=False):
        if amount < 0:
            raise ValueError("cannot award negative points")
        self.pts += amount
        self.games += 1
        if won:
            self.wins += 1

    def average(self):
        return self.pts / self.games if self.games else 0.0

    def __repr__(self):
        return "Player(%r, pts=%d)" % (self.name, self.pts)
