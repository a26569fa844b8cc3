import unittest
from datetime import date

from donorday.booking import bookable, first_slot
from donorday.donors import Donor

SESSIONS = [date(2025, 6, 2), date(2025, 5, 19), date(2025, 6, 16)]


class BookingTests(unittest.TestCase):
    def test_first_slot_after_the_gap(self):
        donor = Donor("Sam Hughes", "M", date(2025, 3, 3))
        self.assertEqual(first_slot(donor, SESSIONS), date(2025, 6, 2))

    def test_new_donor_takes_first_session(self):
        self.assertEqual(first_slot(Donor("Ines Duarte", "F"), SESSIONS), date(2025, 5, 19))

    def test_bookable(self):
        donors = [Donor("Sam Hughes", "M", date(2025, 3, 3)), Donor("Ines Duarte", "F"),
                  Donor("Tom Ware", "M", date(2025, 2, 10))]
        self.assertEqual(bookable(donors, date(2025, 5, 19)), ["Ines Duarte", "Tom Ware"])


if __name__ == "__main__":
    unittest.main()
