import unittest

from rounders.league import difference, league_table, parse_result, promoted, relegated


class ParseTests(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_result("Otters 9.5 - 8 Herons"), ("Otters", 9.5, "Herons", 8.0))
        self.assertEqual(parse_result("Usk Town 12 - 12.5 Raglan Rovers"), ("Usk Town", 12.0, "Raglan Rovers", 12.5))

    def test_bad_line(self):
        with self.assertRaises(ValueError):
            parse_result("Otters beat Herons")


class TableTests(unittest.TestCase):
    def test_points(self):
        table = league_table([("Otters", 9.5, "Herons", 8), ("Herons", 7, "Kites", 7)])
        points = {r.team: r.points for r in table}
        self.assertEqual(points, {"Otters": 2, "Herons": 1, "Kites": 1})
        self.assertEqual(table[0].team, "Otters")

    def test_difference(self):
        row = league_table([("Otters", 9.5, "Herons", 8)])[1]
        self.assertEqual(difference(row), -1.5)

    def test_level_teams_split_by_difference_then_name(self):
        # Teams level on points are split by rounder difference (scored minus
        # conceded), higher first; teams level on both are listed by name.
        results = [
            ("Otters", 12, "Herons", 6),      # Otters win by 6
            ("Kites", 9, "Badgers", 8),       # Kites win by 1
            ("Wrens", 10.5, "Herons", 7.5),   # Wrens win by 3
            ("Badgers", 8, "Ash Vale", 5),    # Badgers win by 3
            ("Ash Vale", 11, "Kites", 8),     # Ash Vale win by 3
            ("Wrens", 6, "Otters", 9),        # Otters win by 3
        ]
        table = league_table(results)
        self.assertEqual([r.team for r in table],
                         ["Otters", "Badgers", "Ash Vale", "Wrens", "Kites", "Herons"])


class MovementTests(unittest.TestCase):
    RESULTS = [("Otters", 10, "Herons", 4), ("Kites", 6, "Otters", 9), ("Herons", 5, "Kites", 5)]

    def test_promoted(self):
        self.assertEqual(promoted(self.RESULTS)[0], "Otters")

    def test_relegated(self):
        self.assertEqual(len(relegated(self.RESULTS)), 1)
        self.assertEqual(relegated(self.RESULTS, 0), [])


if __name__ == "__main__":
    unittest.main()
