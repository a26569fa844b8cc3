import unittest

from meeple.tables import Table, find_table, occupancy, parse_tables, seat_groups

TABLES = parse_tables(["# number seats", "1 2 window", "2 4", "3 4 window", "4 6", ""])


class TableTest(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(repr(TABLES[0]), "Table(1, 2, window)")
        self.assertEqual(len(TABLES), 4)

    def test_fits(self):
        self.assertTrue(Table(9, 4).fits(2))
        self.assertFalse(Table(9, 6).fits(2))

    def test_find_smallest(self):
        self.assertEqual(find_table(TABLES, 3).number, 2)
        self.assertEqual(find_table(TABLES, 3, want_window=True).number, 3)
        self.assertEqual(find_table(TABLES, 3, booked={2}).number, 3)

    def test_none_free(self):
        self.assertIsNone(find_table(TABLES, 7))

    def test_seat_groups(self):
        plan = seat_groups(TABLES, [("Ana", 4), ("Ben", 4), ("Cy", 4), ("Di", 2)])
        self.assertEqual(plan, {"Ana": 2, "Ben": 3, "Cy": 4, "Di": 1})
        self.assertAlmostEqual(occupancy(TABLES, {"Ana": 2}), 0.25)


if __name__ == "__main__":
    unittest.main()
