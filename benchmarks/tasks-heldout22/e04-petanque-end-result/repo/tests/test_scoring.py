import unittest

from petanque.scoring import add_end, format_score, league_points, league_table, play_ends, winner


class EndTests(unittest.TestCase):
    def test_add_end(self):
        self.assertEqual(add_end((4, 7), "ours", 2), (6, 7))
        self.assertEqual(add_end((4, 7), "theirs", 1), (4, 8))

    def test_bad_points(self):
        with self.assertRaises(ValueError):
            add_end((0, 0), "ours", 7)
        with self.assertRaises(ValueError):
            add_end((0, 0), "both", 1)


class GameTests(unittest.TestCase):
    def test_play_ends_stops_at_thirteen(self):
        ends = [("ours", 3), ("theirs", 2), ("ours", 4), ("ours", 6), ("theirs", 1)]
        self.assertEqual(play_ends(ends), ((13, 2), 4))

    def test_winner_and_format(self):
        self.assertIsNone(winner((12, 11)))
        self.assertEqual(format_score((9, 13)), "9-13 (lost)")
        self.assertEqual(format_score((5, 2)), "5-2 (in play)")


class LeagueTests(unittest.TestCase):
    def test_points(self):
        self.assertEqual(league_points((13, 9)), 3)
        self.assertEqual(league_points((13, 2)), 4)
        self.assertEqual(league_points((8, 13)), 0)

    def test_table(self):
        results = [("Mill", (13, 10)), ("Bridge", (13, 1)), ("Mill", (13, 12)), ("Bridge", (4, 13))]
        self.assertEqual(league_table(results), [("Mill", 6), ("Bridge", 4)])


if __name__ == "__main__":
    unittest.main()
