import unittest

from csvreport import group_totals

ROWS = [
    {"region": "north", "amount": "10"},
    {"region": "south", "amount": "25.5"},
    {"region": "north", "amount": "20"},
    {"region": "east", "amount": ""},
    {"region": "west", "amount": "30"},
]


class GroupTests(unittest.TestCase):
    def test_totals_sorted(self):
        self.assertEqual(group_totals(ROWS, "region", "amount"),
                         [("north", 30.0), ("west", 30.0), ("south", 25.5)])

    def test_missing_column(self):
        with self.assertRaises(KeyError):
            group_totals(ROWS, "rep", "amount")


if __name__ == "__main__":
    unittest.main()
