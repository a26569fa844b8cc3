import unittest

from bridge.ladder import ladder
from bridge.scoring import Score


class LadderTests(unittest.TestCase):
    def test_average_over_sessions_played(self):
        week1 = [Score("A & B", "NS", 30, 60), Score("C & D", "EW", 45, 60)]
        week2 = [Score("A & B", "EW", 42, 60)]
        self.assertEqual(ladder([week1, week2]), [("C & D", 1, 75.0), ("A & B", 2, 60.0)])


if __name__ == "__main__":
    unittest.main()
