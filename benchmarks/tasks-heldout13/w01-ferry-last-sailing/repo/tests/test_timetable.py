import unittest

from ferryline.timetable import from_minutes, load_times, next_departure, to_minutes, wait_minutes

TIMES = ["06:45", "08:15", "09:45", "11:15", "13:00", "14:30", "16:15", "17:45", "19:30", "21:30"]


class TimetableTests(unittest.TestCase):
    def test_minutes_round_trip(self):
        self.assertEqual(to_minutes("08:15"), 495)
        self.assertEqual(from_minutes(495), "08:15")
        self.assertEqual(from_minutes(to_minutes(" 6:05 ")), "06:05")

    def test_load_times_skips_comments_and_sorts(self):
        lines = ["# timetable", "", "13:00", "6:45", "08:15"]
        self.assertEqual(load_times(lines), ["06:45", "08:15", "13:00"])

    def test_next_departure(self):
        self.assertEqual(next_departure(TIMES, "08:00"), "08:15")
        self.assertEqual(next_departure(TIMES, "10:00"), "11:15")
        self.assertEqual(next_departure(TIMES, "05:00"), "06:45")

    def test_no_boat_after_midnight_service(self):
        self.assertIsNone(next_departure(TIMES, "23:00"))

    def test_wait_minutes(self):
        self.assertEqual(wait_minutes(TIMES, "10:00"), 75)
        self.assertIsNone(wait_minutes(TIMES, "22:00"))


if __name__ == "__main__":
    unittest.main()
