import unittest

from volleyball.scoring import league_points, parse_set, parse_sets, set_winner, sets_won


class ParseTests(unittest.TestCase):
    def test_parse_set(self):
        self.assertEqual(parse_set(" 25-21 "), (25, 21))

    def test_bad_set(self):
        with self.assertRaises(ValueError):
            parse_set("25:21")

    def test_parse_sets(self):
        self.assertEqual(parse_sets("25-21 23-25"), [(25, 21), (23, 25)])


class ResultTests(unittest.TestCase):
    def test_set_winner(self):
        self.assertEqual(set_winner((23, 25)), "away")
        with self.assertRaises(ValueError):
            set_winner((20, 20))

    def test_sets_won(self):
        self.assertEqual(sets_won(parse_sets("25-21 23-25 25-19 25-17")), (3, 1))

    def test_points_three_one(self):
        self.assertEqual(league_points(parse_sets("25-21 23-25 25-19 25-17")), (3, 0))

    def test_points_five_sets(self):
        self.assertEqual(league_points(parse_sets("25-21 23-25 19-25 25-17 13-15")), (1, 2))


if __name__ == "__main__":
    unittest.main()
