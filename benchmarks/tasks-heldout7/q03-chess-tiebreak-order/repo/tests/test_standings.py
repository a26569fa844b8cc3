import unittest

from chessclub import buchholz, format_table, parse_results, standings

GAMES = parse_results("""
alice bob 1-0
carol dave 0-1
alice dave 1-0
bob carol 1/2-1/2
""")


class StandingsTests(unittest.TestCase):
    def test_buchholz(self):
        self.assertEqual(buchholz(GAMES)["alice"], 1.5)
        self.assertEqual(buchholz(GAMES)["carol"], 1.5)

    def test_points_decide_first(self):
        names = [row[0] for row in standings(GAMES)]
        self.assertEqual(names[:2], ["alice", "dave"])

    def test_table(self):
        table = format_table(standings(GAMES)[:1])
        self.assertEqual(table.splitlines()[1], "1   alice         2.0    1.5")


if __name__ == "__main__":
    unittest.main()
