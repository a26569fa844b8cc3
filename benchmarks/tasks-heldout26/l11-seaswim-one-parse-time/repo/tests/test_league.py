import unittest

from swimclub.league import league
from swimclub.records import records

RESULTS = [("2025-06-07", "A", "1 mile", 1800.0), ("2025-06-14", "A", "1 mile", 1700.0),
           ("2025-06-21", "A", "1 mile", 1900.0), ("2025-06-28", "A", "1 mile", 2000.0),
           ("2025-06-07", "B", "1 mile", 1750.0), ("2025-06-14", "B", "1 mile", 1760.0)]


class LeagueTests(unittest.TestCase):
    def test_best_three(self):
        self.assertEqual(league(RESULTS, "1 mile"), [("A", 5400.0, 4)])

    def test_cutoff(self):
        self.assertEqual(league(RESULTS, "1 mile", cutoff="33:00"), [("A", 5400.0, 3)])

    def test_records(self):
        self.assertEqual(records(RESULTS)["1 mile"], (1700.0, "A", "2025-06-14"))


if __name__ == "__main__":
    unittest.main()
