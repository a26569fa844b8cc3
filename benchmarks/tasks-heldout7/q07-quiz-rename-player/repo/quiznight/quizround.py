"""One round of questions."""
from .roster import Contestant


class QuizRound:
    def __init__(self, title):
        self.title = title
        self.contestants = {}

    def add(self, contestant):
        if not isinstance(contestant, Contestant):
            raise TypeError("expected a Contestant, got %r" % (contestant,))
        if contestant.name in self.contestants:
            raise ValueError("Contestant %r is already in this round" % contestant.name)
        self.contestants[contestant.name] = contestant

    def record(self, name, correct, points=1):
        try:
            contestant = self.contestants[name]
        except KeyError:
            raise KeyError("no Contestant called %r in this round" % name) from None
        contestant.answer(correct, points)
