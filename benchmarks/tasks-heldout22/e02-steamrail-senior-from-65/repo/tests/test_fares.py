import unittest

from railway.fares import fare, family_ticket_fits, party_fare, passenger_type, tuesday_fare
from railway.office import day_summary, read_sales


class PassengerTypeTests(unittest.TestCase):
    def test_bands(self):
        self.assertEqual(passenger_type(0), "free")
        self.assertEqual(passenger_type(4), "free")
        self.assertEqual(passenger_type(5), "child")
        self.assertEqual(passenger_type(15), "child")
        self.assertEqual(passenger_type(16), "adult")
        self.assertEqual(passenger_type(70), "senior")

    def test_sixty_five_is_still_adult(self):
        self.assertEqual(passenger_type(65), "adult")
        self.assertEqual(passenger_type(66), "senior")

    def test_negative_age(self):
        with self.assertRaises(ValueError):
            passenger_type(-1)


class FareTests(unittest.TestCase):
    def test_return_and_single(self):
        self.assertEqual(fare(30), 1800)
        self.assertEqual(fare(30, "single"), 1080)
        self.assertEqual(fare(8, "single"), 540)
        self.assertEqual(fare(3, "single"), 0)

    def test_senior_fare(self):
        self.assertEqual(fare(72), 1400)
        self.assertEqual(fare(72, "single"), 840)

    def test_tuesday(self):
        self.assertEqual(tuesday_fare(80), 700)
        self.assertEqual(tuesday_fare(40), 1800)

    def test_bad_journey(self):
        with self.assertRaises(ValueError):
            fare(30, "day rover")


class PartyTests(unittest.TestCase):
    def test_family_ticket(self):
        self.assertTrue(family_ticket_fits([38, 40, 7, 10]))
        self.assertFalse(family_ticket_fits([38, 40, 41, 7]))
        self.assertEqual(party_fare([38, 40, 7, 10]), 4800)
        self.assertEqual(party_fare([38, 7]), 2700)

    def test_office_summary(self):
        sales = read_sales(["67 return", "30 single  # walk-up", "", "9 return", "2 return"])
        self.assertEqual(day_summary(sales),
                         ["adult     1", "senior    1", "child     1", "free      1", "takings £33.80"])


if __name__ == "__main__":
    unittest.main()
