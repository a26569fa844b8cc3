"""The people taking part."""


class Contestant:
    """Someone answering questions at quiz night."""

    def __init__(self, name, team=None):
        self.name = name
        self.team = team
        self.answers = []

    @property
    def score(self):
        return sum(points for correct, points in self.answers if correct)

    def answer(self, correct, points=1):
        self.answers.append((bool(correct), points))

    def __repr__(self):
        return "Contestant(%r, team=%r, score=%d)" % (self.name, self.team, self.score)


def by_team(contestants):
    """{team name: [Contestant, ...]}; people without a team are skipped."""
    teams = {}
    for c in contestants:
        if c.team:
            teams.setdefault(c.team, []).append(c)
    return teams
