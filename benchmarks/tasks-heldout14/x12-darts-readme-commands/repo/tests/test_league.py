import unittest

from oche.fixtures import round_robin
from oche.league import Result, parse_score, table


class LeagueTest(unittest.TestCase):
    def test_parse_score(self):
        self.assertEqual(parse_score("5-3"), (5, 3))
        for bad in ("4-3", "5-5", "6-1"):
            with self.assertRaises(ValueError):
                parse_score(bad)

    def test_table(self):
        rows = table([Result(1, "A", "B", 5, 3), Result(2, "B", "C", 5, 0), Result(2, "A", "C", 1, 5)])
        self.assertEqual([r[0] for r in rows], ["B", "C", "A"])
        self.assertEqual(rows[0], ("B", 2, 1, 8, 5, 2))

    def test_round_robin(self):
        weeks = round_robin(["A", "B", "C", "D"])
        self.assertEqual(len(weeks), 3)
        self.assertTrue(all(len(w) == 2 for w in weeks))
        self.assertEqual(len(round_robin(["A", "B", "C"])[0]), 1)


if __name__ == "__main__":
    unittest.main()
