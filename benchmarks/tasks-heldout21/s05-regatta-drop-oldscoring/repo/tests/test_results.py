import unittest

from regatta.results import format_table, read_sheet, series_table
from regatta.scoring import discards, race_points, series_total

SHEET = """helm,sail,r1,r2,r3,r4
Jo Hart,2210,1,2,1,DNF
Sam Wu,1987,2,1,3,1
Ola Berg,2301,3,DNS,2,2
"""


class ScoringTests(unittest.TestCase):
    def test_codes(self):
        self.assertEqual(race_points("DNF", 5), 6)
        self.assertEqual(race_points(" ocs ", 5), 6)
        self.assertEqual(race_points("3", 5), 3)

    def test_discards(self):
        self.assertEqual([discards(n) for n in (3, 4, 7, 8)], [0, 1, 1, 2])

    def test_series(self):
        self.assertEqual(series_total(["1", "2", "1", "DNF"], 3), (4, [1, 2, 1, 4]))


class TableTests(unittest.TestCase):
    def test_order(self):
        table = series_table(read_sheet(SHEET))
        self.assertEqual([r[1] for r in table], ["Sam Wu", "Jo Hart", "Ola Berg"])

    def test_tie_break_on_last_race(self):
        sheet = "helm,sail,r1,r2\nA,1,1,2\nB,2,2,1\n"
        self.assertEqual([r[1] for r in series_table(read_sheet(sheet))], ["B", "A"])

    def test_format(self):
        text = format_table(series_table(read_sheet(SHEET)))
        self.assertTrue(text.splitlines()[1].startswith("1    Sam Wu"))


if __name__ == "__main__":
    unittest.main()
