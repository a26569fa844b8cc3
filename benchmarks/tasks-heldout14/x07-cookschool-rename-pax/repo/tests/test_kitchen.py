import unittest

from cookclass import Booking
from cookclass.kitchen import places_left, prep_sheet, stations_needed

EVENING = [Booking("pasta", "Lind", pax=3, vegetarian=1), Booking("pasta", "Abara", pax=4),
           Booking("knife", "Cho", pax=2)]


class KitchenTest(unittest.TestCase):
    def test_places_left(self):
        self.assertEqual(places_left("pasta", EVENING), 5)
        self.assertEqual(places_left("bread", EVENING), 10)

    def test_stations(self):
        self.assertEqual(stations_needed(EVENING), 5)

    def test_prep_sheet(self):
        self.assertEqual(prep_sheet(EVENING), ["Abara        x4", "Cho          x2",
                                               "Lind         x3 (1 veg)"])


if __name__ == "__main__":
    unittest.main()
