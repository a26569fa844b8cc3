import unittest

from groomroom.book import DayBook


class BookTest(unittest.TestCase):
    def test_booking_blocks_slots(self):
        day = DayBook()
        day.book(540, "Biscuit", "large")
        self.assertNotIn(540, day.free_starts("toy"))
        self.assertNotIn(585, day.free_starts("toy"))
        self.assertIn(630, day.free_starts("toy"))

    def test_double_booking(self):
        day = DayBook()
        day.book(630, "Pip", "toy")
        with self.assertRaises(ValueError):
            day.book(585, "Rex", "medium")

    def test_giant_late_in_day(self):
        self.assertEqual(DayBook().free_starts("giant")[-1], 900)


if __name__ == "__main__":
    unittest.main()
