import unittest

from goclub.ranks import handicap, parse_rank, rank_label


class RankTests(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_rank("3k"), -2)
        self.assertEqual(parse_rank("1 kyu"), 0)
        self.assertEqual(parse_rank("2 Dan"), 2)

    def test_bad(self):
        for text in ["0k", "10d", "3 pro", ""]:
            with self.assertRaises(ValueError):
                parse_rank(text)

    def test_label_round_trip(self):
        for g in range(-29, 10):
            self.assertEqual(parse_rank(rank_label(g)), g)

    def test_handicap(self):
        self.assertEqual(handicap(-2, -3), 0)
        self.assertEqual(handicap(1, -4), 5)


if __name__ == "__main__":
    unittest.main()
