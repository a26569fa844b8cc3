"""Round-robin fixtures (circle method), one round per week."""


def round_robin(teams):
    """List of weeks, each a list of (home, away) pairs."""
    teams = list(teams) + ([None] if len(teams) % 2 else [])
    n = len(teams)
    weeks = []
    for w in range(n - 1):
        pairs = [(teams[i], teams[n - 1 - i]) for i in range(n // 2)]
        weeks.append([(a, b) if w % 2 == 0 else (b, a) for a, b in pairs if a and b])
        teams = [teams[0]] + [teams[-1]] + teams[1:-1]
    return weeks
