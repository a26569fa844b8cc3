import unittest

from croquet.report import highlight, turn_lines
from croquet.turns import Turn


class ReportTest(unittest.TestCase):
    def test_turn_lines(self):
        lines = turn_lines([Turn("Ada", "blue", [1, 2, 3]), Turn("Ben", "red")])
        self.assertEqual(len(lines), 3)
        self.assertTrue(lines[0].endswith("+3"))
        self.assertEqual(lines[-1], "Score: Ada 3, Ben 0")

    def test_highlight(self):
        self.assertEqual(highlight([]), "No points scored yet")
        self.assertEqual(highlight([Turn("Ben", "red", [1], True)]), "Best turn: Ben, 2 points")


if __name__ == "__main__":
    unittest.main()
