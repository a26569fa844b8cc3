import unittest

from chairtime.booking import first_free, free_slots


class BookingTest(unittest.TestCase):
    def test_free(self):
        self.assertEqual(free_slots(["08:00", "09:00"], "08:00", "10:00", 30),
                         ["08:30", "09:30"])

    def test_first_free(self):
        self.assertEqual(first_free(["08:00"], "08:00", "10:00", 30), "08:30")
        self.assertIsNone(first_free(["08:00"], "08:00", "08:30", 30))


if __name__ == "__main__":
    unittest.main()
