import unittest
from datetime import date

from litter.surveys import Clean, totals
from litter.tally import table

CLEANS = [
    Clean("Bay", date(2025, 4, 1), 2, 3.25, 4),
    Clean("Cove", date(2025, 4, 2), 5, 10.0, 7),
    Clean("Bay", date(2025, 5, 1), 1, 1.1, 2),
]


class TallyTest(unittest.TestCase):
    def test_totals_heaviest_first(self):
        self.assertEqual(totals(CLEANS), [("Cove", 5, 10.0, 7), ("Bay", 3, 4.3, 6)])

    def test_since(self):
        self.assertEqual(totals(CLEANS, date(2025, 4, 15)), [("Bay", 1, 1.1, 2)])

    def test_table(self):
        lines = table(totals(CLEANS))
        self.assertEqual(lines[0].split(), ["Beach", "Bags", "Kg", "Volunteers"])
        self.assertEqual(lines[2].split(), ["Bay", "3", "4.3", "6"])


if __name__ == "__main__":
    unittest.main()
