"""A curling game: end-by-end scores, hammer and result."""


class Game:
    def __init__(self, red, yellow, ends=8, hammer=None):
        self.teams = (red, yellow)
        self.scheduled_ends = ends
        self.first_hammer = hammer if hammer is not None else yellow
        self.ends = []  # list of (red points, yellow points)

    def add_end(self, red, yellow):
        """Record the next end's score."""
        self.ends.append((red, yellow))

    def score(self):
        """(red total, yellow total)."""
        return (sum(r for r, _ in self.ends), sum(y for _, y in self.ends))

    def hammer(self):
        """The team with the hammer in the next end."""
        holder = self.first_hammer
        red, yellow = self.teams
        for r, y in self.ends:
            if r > 0:
                holder = yellow
            elif y > 0:
                holder = red
        return holder

    def is_over(self):
        red, yellow = self.score()
        return len(self.ends) >= self.scheduled_ends and red != yellow

    def winner(self):
        if not self.is_over():
            return None
        red, yellow = self.score()
        return self.teams[0] if red > yellow else self.teams[1]
