import unittest

from conkers.league import league_table, record, register, table_lines


def season():
    results = {}
    register(results, "Nell")
    record(results, "Alf", "Bea")
    record(results, "Alf", "Cal")
    record(results, "Bea", "Cal")
    return results


class LeagueTests(unittest.TestCase):
    def test_table(self):
        self.assertEqual(league_table(season()),
                         [("Alf", 2, 6), ("Bea", 2, 4), ("Cal", 2, 2), ("Nell", 0, 0)])

    def test_ties_by_name(self):
        results = {}
        record(results, "Zoe", "Ann")
        record(results, "Ann", "Zoe")
        self.assertEqual([row[0] for row in league_table(results)], ["Ann", "Zoe"])

    def test_lines(self):
        self.assertEqual(table_lines(season())[0], "Alf           2   6")
