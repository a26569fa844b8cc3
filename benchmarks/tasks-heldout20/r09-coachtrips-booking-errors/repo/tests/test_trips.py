import unittest

from coachtrips.trips import book, seats_left


class TripTests(unittest.TestCase):
    def setUp(self):
        self.trip = {"destination": "Bath", "date": "2024-07-12", "seats": 49, "booked": 40}

    def test_seats_left(self):
        self.assertEqual(seats_left(self.trip), 9)

    def test_book(self):
        book(self.trip, 4)
        self.assertEqual(self.trip["booked"], 44)

    def test_no_overbooking(self):
        with self.assertRaises(ValueError):
            book(self.trip, 10)
        self.assertEqual(self.trip["booked"], 40)
