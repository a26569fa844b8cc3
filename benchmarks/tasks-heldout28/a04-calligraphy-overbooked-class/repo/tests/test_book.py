import unittest

from scribe.book import book
from scribe.classes import find_class, seats_left


def sample():
    return [{"title": "Uncial", "day": "Mon", "capacity": 5, "bookings": [{"name": "Al", "seats": 2}]}]


class BookTest(unittest.TestCase):
    def test_new_booking(self):
        cls = sample()[0]
        self.assertEqual(book(cls, "Bea", 2), 1)
        self.assertEqual(cls["bookings"][-1], {"name": "Bea", "seats": 2})

    def test_more_seats_same_name(self):
        cls = sample()[0]
        book(cls, "Al", 1)
        self.assertEqual(cls["bookings"], [{"name": "Al", "seats": 3}])

    def test_find_any_case(self):
        self.assertEqual(find_class(sample(), "uncial ")["day"], "Mon")
        with self.assertRaises(LookupError):
            find_class(sample(), "Gothic")

    def test_seats_left(self):
        self.assertEqual(seats_left(sample()[0]), 3)


if __name__ == "__main__":
    unittest.main()
