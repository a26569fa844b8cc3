import unittest

from puttpar.card import Scorecard
from puttpar.course import COURSES
from puttpar.leaderboard import board, standings


def card(player, strokes):
    c = Scorecard(player, COURSES["jungle"])
    for hole, s in enumerate(strokes, 1):
        c.record(hole, s)
    return c


class LeaderboardTests(unittest.TestCase):
    def test_lowest_first_and_unfinished_left_out(self):
        cards = [card("Ola", [3] * 9), card("Maya", [2] * 9), card("Finn", [2, 2])]
        self.assertEqual([c.player for c in standings(cards)], ["Maya", "Ola"])

    def test_board(self):
        lines = board([card("Maya", [2, 2, 3, 3, 2, 3, 4, 2, 3])])
        self.assertEqual(lines, ["1. Maya        24  (+0)"])


if __name__ == "__main__":
    unittest.main()
