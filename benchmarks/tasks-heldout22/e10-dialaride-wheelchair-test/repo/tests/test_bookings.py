import unittest

from dialaride.bookings import Booking, can_add, fits, manifest, seats_left, seats_needed


class BookingTests(unittest.TestCase):
    def test_plain_booking(self):
        self.assertEqual(seats_needed(Booking("Mr Hart", 3)), 3)
        self.assertEqual(seats_left([Booking("Mr Hart", 3), Booking("Ms Lowe")]), 8)

    def test_bad_bookings(self):
        with self.assertRaises(ValueError):
            Booking("Nobody", 0)
        with self.assertRaises(ValueError):
            Booking("Mrs Osei", passengers=1, wheelchairs=2)

    def test_two_wheelchair_bays(self):
        run = [Booking("A", 1, 1), Booking("B", 1, 1)]
        self.assertTrue(fits(run))
        self.assertFalse(can_add(run, Booking("C", 1, 1)))

    def test_full_bus(self):
        run = [Booking("Hart family", 5), Booking("Day centre group", 7)]
        self.assertTrue(fits(run))
        self.assertFalse(can_add(run, Booking("Ms Lowe")))

    def test_wheelchair_space_counts_as_two_seats(self):
        # A wheelchair space takes up the room of two ordinary seats, so a
        # wheelchair user needs one seat more than a walking passenger.
        osei = Booking("Mrs Osei", passengers=2, wheelchairs=1)
        self.assertEqual(seats_needed(osei), 3)
        self.assertEqual(seats_left([osei, Booking("Mr Hart", 8)]), 1)
        self.assertFalse(can_add([osei, Booking("Mr Hart", 8)], Booking("Ms Lowe", 2)))

    def test_manifest(self):
        lines = manifest([Booking("Mr Hart", 2, stop="Church Lane"), Booking("Mrs Osei", 1, 1, "Baker St")])
        self.assertEqual(lines[0], "Baker St       Mrs Osei               x1 (1 wheelchair)")
        self.assertEqual(lines[-1][:13], "3 passengers,")


if __name__ == "__main__":
    unittest.main()
