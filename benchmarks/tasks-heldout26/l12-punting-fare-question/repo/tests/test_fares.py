import unittest
from datetime import date

from punts.fares import half_hours, punts_needed, tour_price

WEDNESDAY = date(2025, 8, 20)
SUNDAY = date(2025, 8, 24)


class FareTests(unittest.TestCase):
    def test_half_hours_with_grace(self):
        self.assertEqual([half_hours(m) for m in (15, 30, 40, 41, 60)], [1, 1, 1, 2, 2])

    def test_punts(self):
        self.assertEqual(punts_needed(6, 0), 1)
        self.assertEqual(punts_needed(5, 2), 2)

    def test_small_party_pays_for_the_punt(self):
        self.assertEqual(tour_price(2, 0, 30, WEDNESDAY), 4000)

    def test_weekend(self):
        self.assertEqual(tour_price(5, 0, 30, SUNDAY), 6900)


if __name__ == "__main__":
    unittest.main()
