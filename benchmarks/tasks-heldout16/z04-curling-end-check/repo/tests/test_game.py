import unittest

from curlscore.game import Game


class GameTest(unittest.TestCase):
    def test_score_and_hammer(self):
        g = Game("Red", "Yellow", ends=6, hammer="Yellow")
        g.add_end(0, 2)
        self.assertEqual(g.hammer(), "Red")
        g.add_end(0, 0)
        self.assertEqual(g.hammer(), "Red")
        g.add_end(3, 0)
        self.assertEqual(g.hammer(), "Yellow")
        self.assertEqual(g.score(), (3, 2))

    def test_game_over(self):
        g = Game("Red", "Yellow", ends=2)
        g.add_end(1, 0)
        g.add_end(0, 1)
        self.assertFalse(g.is_over())
        g.add_end(0, 1)
        self.assertTrue(g.is_over())
        self.assertEqual(g.winner(), "Yellow")

    def test_full_eight(self):
        g = Game("Red", "Yellow")
        for end in [(8, 0), (0, 1), (0, 0), (2, 0), (0, 3), (1, 0), (0, 0), (0, 2)]:
            g.add_end(*end)
        self.assertEqual(g.score(), (11, 6))
        self.assertEqual(g.winner(), "Red")


if __name__ == "__main__":
    unittest.main()
