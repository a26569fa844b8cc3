import unittest
from datetime import date

from distillery.casks import (Cask, after_angels, age_in_years, bottles, cask_label, find_cask,
                              litres_of_alcohol, parse_fill_date, read_casks, ready_casks, warehouse_totals)

LINES = """# warehouse 2, rack B
101, Bourbon, 2019-06-14, 200, 63.5
102, sherry, 2021-11-02, 250.5, 64
103, bourbon, , 200, 0
104, Port, 2015-03-01, 225, 62.8
""".splitlines()


class ReadTests(unittest.TestCase):
    def test_read(self):
        casks = read_casks(LINES)
        self.assertEqual(len(casks), 4)
        self.assertEqual(casks[0], Cask(101, "bourbon", date(2019, 6, 14), 200.0, 63.5))
        self.assertIsNone(casks[2].filled)

    def test_unknown_wood(self):
        with self.assertRaises(ValueError):
            read_casks(["9, oak, 2020-01-01, 200, 63"])

    def test_blank_date(self):
        self.assertIsNone(parse_fill_date("  "))


class SumTests(unittest.TestCase):
    def test_age(self):
        self.assertEqual(age_in_years(date(2019, 6, 14), date(2025, 6, 13)), 5)
        self.assertEqual(age_in_years(date(2019, 6, 14), date(2025, 6, 14)), 6)

    def test_alcohol(self):
        self.assertEqual(litres_of_alcohol(200, 63.5), 127.0)

    def test_angels(self):
        self.assertEqual(after_angels(200, 10), 163.4)
        self.assertEqual(after_angels(200.0, 3, rate=0.03), 182.5)

    def test_bottles(self):
        self.assertEqual(bottles(163.4), 233)
        self.assertEqual(bottles(163.4, abv=58.2), 295)
        with self.assertRaises(ValueError):
            bottles(100, abv=40)


class WarehouseTests(unittest.TestCase):
    def setUp(self):
        self.casks = read_casks(LINES)

    def test_find(self):
        self.assertEqual(find_cask(self.casks, 104).wood, "port")
        self.assertIsNone(find_cask(self.casks, 999))

    def test_ready(self):
        self.assertEqual([c.number for c in ready_casks(self.casks, date(2024, 1, 1))], [104, 101])

    def test_totals(self):
        self.assertEqual(warehouse_totals(self.casks), {"bourbon": 400.0, "sherry": 250.5, "port": 225.0})

    def test_label(self):
        self.assertEqual(cask_label(self.casks[0], date(2025, 1, 1)),
                         "#101 bourbon cask, filled 2019-06-14 (5 years), 200 l at 63.5%")
        self.assertEqual(cask_label(self.casks[2]), "#103 bourbon cask, empty")


if __name__ == "__main__":
    unittest.main()
