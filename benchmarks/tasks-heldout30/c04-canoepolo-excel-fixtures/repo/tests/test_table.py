import os
import tempfile
import unittest

from polo.fixtures import load_results, load_upcoming
from polo.table import table

CSV = "date,home,away,home_goals,away_goals\n2024-01-01,A,B,2,1\n2024-01-08,B,A,,\n"


class TableTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(CSV)

    def tearDown(self):
        os.remove(self.path)

    def test_results_and_upcoming(self):
        self.assertEqual(load_results(self.path), [("A", "B", 2, 1)])
        self.assertEqual(load_upcoming(self.path), [("2024-01-08", "B", "A")])

    def test_points(self):
        self.assertEqual(table([("A", "B", 2, 1)])[0], ("A", [1, 3, 1]))


if __name__ == "__main__":
    unittest.main()
