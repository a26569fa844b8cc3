import unittest

from escapehq.booking import euros, quote, rooms_for
from escapehq.config import Room

ATTIC = Room("Attic", 1, 4, 60, 2200, "easy")
TOMB = Room("Tomb", 2, 8, 60, 2800, "hard")
SUB = Room("Sub", 2, 6, 75, 2500, "medium")


class BookingTest(unittest.TestCase):
    def test_rooms_for_group(self):
        self.assertEqual([r.name for r in rooms_for(5, [SUB, ATTIC, TOMB])], ["Tomb", "Sub"])
        self.assertEqual([r.name for r in rooms_for(1, [SUB, ATTIC])], ["Attic"])

    def test_quote(self):
        self.assertEqual(quote(TOMB, 4), 11200)
        self.assertEqual(euros(quote(ATTIC, 3)), "EUR 66.00")

    def test_quote_too_many(self):
        with self.assertRaises(ValueError):
            quote(ATTIC, 5)


if __name__ == "__main__":
    unittest.main()
