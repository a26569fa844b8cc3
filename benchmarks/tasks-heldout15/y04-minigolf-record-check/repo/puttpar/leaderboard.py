"""Ranking the finished cards."""


def standings(cards):
    """Finished cards, lowest total first; ties keep the order given."""
    return sorted((c for c in cards if c.complete), key=lambda c: c.total())


def board(cards):
    """Numbered lines for the leaderboard screen."""
    return ["%d. %s" % (i, c.line()) for i, c in enumerate(standings(cards), 1)]
