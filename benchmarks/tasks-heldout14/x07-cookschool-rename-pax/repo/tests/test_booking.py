import unittest

from cookclass import Booking


class BookingTest(unittest.TestCase):
    def test_defaults(self):
        b = Booking("pasta", "Okafor")
        self.assertEqual((b.pax, b.vegetarian), (1, 0))
        self.assertEqual(b.label, "Okafor (1)")

    def test_bad_values(self):
        with self.assertRaises(ValueError):
            Booking("pasta", "Okafor", pax=0)
        with self.assertRaises(ValueError):
            Booking("pasta", "Okafor", pax=2, vegetarian=3)
        with self.assertRaises(ValueError):
            Booking("sushi", "Okafor")


if __name__ == "__main__":
    unittest.main()
