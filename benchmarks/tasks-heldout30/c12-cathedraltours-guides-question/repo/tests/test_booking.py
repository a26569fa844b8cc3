import unittest

from tours.booking import book_tour
from tours.rules import tower_allowed


class BookingTest(unittest.TestCase):
    def test_small_group(self):
        self.assertEqual(book_tour(12)["guides"], 1)

    def test_french_group_of_forty(self):
        self.assertEqual(book_tour(40, "French")["guides"], 3)

    def test_too_big(self):
        with self.assertRaises(ValueError):
            book_tour(61)

    def test_tower_age(self):
        self.assertFalse(tower_allowed(9))


if __name__ == "__main__":
    unittest.main()
