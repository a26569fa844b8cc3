"""One ball's turn: the hoops it ran and whether it was pegged out."""

from croquet import HOOPS

BALLS = ("blue", "black", "red", "yellow")


class Turn:
    def __init__(self, player, ball, hoops=(), pegged_out=False):
        if ball not in BALLS:
            raise ValueError("unknown ball colour: %r" % (ball,))
        hoops = list(hoops)
        for hoop in hoops:
            if not 1 <= hoop <= HOOPS:
                raise ValueError("no hoop %r" % (hoop,))
        self.player = player
        self.ball = ball
        self.hoops = hoops
        self.pegged_out = pegged_out

    def calc_pts(self):
        """Points scored in this turn: one per hoop run, one for pegging out."""
        return len(self.hoops) + (1 if self.pegged_out else 0)

    def describe(self):
        if not self.hoops and not self.pegged_out:
            return "%s (%s): no points" % (self.player, self.ball)
        parts = []
        if self.hoops:
            parts.append("hoops " + ", ".join(str(h) for h in self.hoops))
        if self.pegged_out:
            parts.append("pegged out")
        return "%s (%s): %s" % (self.player, self.ball, "; ".join(parts))

    def __repr__(self):
        return "Turn(%r, %r, %r, %r)" % (self.player, self.ball, self.hoops, self.pegged_out)
