import unittest

from birdtally.store import totals

RECORDS = [
    {"species": "robin", "count": 2, "site": "marsh", "date": "2024-03-02"},
    {"species": "robin", "count": 1, "site": "wood", "date": "2024-03-09"},
    {"species": "grey heron", "count": 1, "site": "marsh", "date": "2024-03-09"},
]


class TotalsTest(unittest.TestCase):
    def test_all(self):
        self.assertEqual(totals(RECORDS), {"robin": 3, "grey heron": 1})

    def test_filters(self):
        self.assertEqual(totals(RECORDS, date_from="2024-03-05"), {"robin": 1, "grey heron": 1})
        self.assertEqual(totals(RECORDS, site="marsh"), {"robin": 2, "grey heron": 1})


if __name__ == "__main__":
    unittest.main()
