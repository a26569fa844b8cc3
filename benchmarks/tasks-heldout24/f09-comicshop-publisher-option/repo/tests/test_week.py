import unittest
from datetime import date

from pulllist.data import Pull, Release, week_of
from pulllist.week import money, select

RELEASES = [Release(date(2025, 11, 5), "Saga", 67, "Image", 399),
            Release(date(2025, 11, 5), "Batman", 160, "DC", 450),
            Release(date(2025, 11, 12), "Saga", 68, "Image", 399)]
PULLS = [Pull("Maya", "Saga"), Pull("Maya", "Batman"), Pull("Dev", "Saga")]


class WeekTests(unittest.TestCase):
    def test_week_of(self):
        self.assertEqual(week_of(date(2025, 11, 3)), date(2025, 11, 5))
        self.assertEqual(week_of(date(2025, 11, 9)), date(2025, 11, 5))

    def test_select(self):
        chosen = select(RELEASES, PULLS, date(2025, 11, 5))
        self.assertEqual([(c, r.series) for c, r in chosen], [("Dev", "Saga"), ("Maya", "Batman"), ("Maya", "Saga")])

    def test_select_customer(self):
        chosen = select(RELEASES, PULLS, date(2025, 11, 12), "maya")
        self.assertEqual([(c, r.issue) for c, r in chosen], [("Maya", 68)])

    def test_money(self):
        self.assertEqual(money(1249), "£12.49")


if __name__ == "__main__":
    unittest.main()
