import unittest

from curlscore.board import result_line, scoreboard
from curlscore.game import Game


class BoardTest(unittest.TestCase):
    def test_scoreboard(self):
        g = Game("Red", "Yellow", ends=3)
        g.add_end(2, 0)
        lines = scoreboard(g)
        self.assertEqual(len(lines), 3)
        self.assertIn("  2  .  .", lines[1])
        self.assertTrue(lines[2].endswith("|   0"))

    def test_result_line(self):
        g = Game("Red", "Yellow", ends=1)
        self.assertIn("Yellow has the hammer", result_line(g))
        g.add_end(0, 4)
        self.assertEqual(result_line(g), "Yellow win 4-0")


if __name__ == "__main__":
    unittest.main()
