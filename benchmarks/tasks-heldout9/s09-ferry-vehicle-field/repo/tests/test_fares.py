import unittest

from ferrydesk.fares import quote
from ferrydesk.models import Booking


class FaresTest(unittest.TestCase):
    def test_family(self):
        self.assertEqual(quote(Booking("Okafor", adults=2, children=1, bikes=1)), 33.0)

    def test_needs_adult(self):
        with self.assertRaises(ValueError):
            quote(Booking("Kid", adults=0, children=1))


if __name__ == "__main__":
    unittest.main()
