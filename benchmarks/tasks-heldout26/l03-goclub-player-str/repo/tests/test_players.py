import unittest

from goclub.players import Player, ladder


class PlayerTests(unittest.TestCase):
    def test_rank(self):
        self.assertEqual(Player("Ben Ross", "1 dan").rank, "1d")

    def test_ladder(self):
        a, b, c = Player("A", "3k"), Player("B", "1d"), Player("C", "3k")
        self.assertEqual(ladder([c, a, b]), [b, a, c])


if __name__ == "__main__":
    unittest.main()
