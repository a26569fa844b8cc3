import unittest
from datetime import date

from apiary.harvest import Harvest, parse_rows, season_total, totals_by_hive
from apiary.season import in_season

ROWS = [
    "hive,date,kg",
    "A1,2026-05-14,8.5",
    "A1,2026-07-02,11.0",
    "B2,2026-06-20,9.25",
    "B2,2026-11-02,2.0",
]


class HarvestTests(unittest.TestCase):
    def test_parse_rows(self):
        hs = parse_rows(ROWS)
        self.assertEqual(len(hs), 4)
        self.assertEqual(hs[0], Harvest("A1", date(2026, 5, 14), 8.5))

    def test_in_season(self):
        self.assertTrue(in_season(date(2026, 6, 1)))
        self.assertTrue(in_season(date(2026, 4, 1)))
        self.assertFalse(in_season(date(2026, 11, 15)))
        self.assertFalse(in_season(date(2026, 2, 28)))

    def test_totals_by_hive(self):
        self.assertEqual(totals_by_hive(parse_rows(ROWS), 2026),
                         {"A1": 19.5, "B2": 9.25})

    def test_other_years_ignored(self):
        self.assertEqual(season_total(parse_rows(ROWS), 2025), 0)

    def test_season_total(self):
        self.assertEqual(season_total(parse_rows(ROWS), 2026), 28.75)


if __name__ == "__main__":
    unittest.main()
