import unittest

from meeple.games import suggest


class GamesTest(unittest.TestCase):
    def test_two_players(self):
        self.assertEqual(suggest(2), ["Patchwork", "Carcassonne"])

    def test_long_evening(self):
        self.assertEqual(suggest(5, max_minutes=90), ["Codenames", "Carcassonne", "Wingspan"])


if __name__ == "__main__":
    unittest.main()
