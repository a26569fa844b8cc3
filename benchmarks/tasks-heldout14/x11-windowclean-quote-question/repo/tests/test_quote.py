import unittest

from squeegee.quote import pounds, visit_pence
from squeegee.round import day_sheet


class QuoteTest(unittest.TestCase):
    def test_minimum(self):
        self.assertEqual(visit_pence({0: 4}), 1500)

    def test_one_off(self):
        self.assertEqual(visit_pence({0: 6, 1: 6}), 2100)

    def test_regular_discount(self):
        self.assertEqual(visit_pence({0: 6, 1: 6}, every_weeks=8), 1995)

    def test_pounds(self):
        self.assertEqual(pounds(1995), "19.95")

    def test_day_sheet(self):
        lines = day_sheet([("3 Elm Row", {0: 8, 1: 8}, False, 4), ("9 Elm Row", {0: 2}, False, None)])
        self.assertEqual(lines[-1], "TOTAL                      40.20")


if __name__ == "__main__":
    unittest.main()
