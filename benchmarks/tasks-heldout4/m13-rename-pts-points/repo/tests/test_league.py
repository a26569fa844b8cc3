import unittest

from scoreboard import League, Player


class PlayerTests(unittest.TestCase):
    def test_award(self):
        p = Player("ana")
        p.award(3, won=True)
        p.award(1)
        self.assertEqual((p.pts, p.games, p.wins), (4, 2, 1))
        self.assertEqual(p.average(), 2.0)

    def test_negative(self):
        with self.assertRaises(ValueError):
            Player("x").award(-1)


class LeagueTests(unittest.TestCase):
    def setUp(self):
        self.league = League()
        self.league.record("Catan", "ana", ["bo", "cy"])
        self.league.record("Azul", "bo", ["ana"])
        self.league.record("Go", "bo", ["cy"])

    def test_points(self):
        self.assertEqual({n: p.pts for n, p in self.league.players.items()},
                         {"ana": 4, "bo": 7, "cy": 2})

    def test_leader(self):
        self.assertEqual(self.league.leader().name, "bo")

    def test_table(self):
        lines = self.league.table().splitlines()
        self.assertEqual(len(lines), 4)
        self.assertIn("bo", lines[1])


if __name__ == "__main__":
    unittest.main()
