import unittest

from chairtime.slots import day_slots

LUNCH = ("12:00", "13:00")


class DaySlotsTest(unittest.TestCase):
    def test_simple_morning(self):
        self.assertEqual(day_slots("08:00", "10:00", 30),
                         ["08:00", "08:30", "09:00", "09:30"])

    def test_last_slot_must_fit(self):
        self.assertEqual(day_slots("08:00", "09:00", 40), ["08:00"])

    def test_lunch_skipped(self):
        slots = day_slots("11:00", "14:00", 30, lunch=LUNCH)
        self.assertEqual(slots, ["11:00", "11:30", "13:00", "13:30"])

    def test_no_slot_runs_into_lunch(self):
        slots = day_slots("08:00", "17:00", 45, lunch=LUNCH)
        self.assertNotIn("11:45", slots)
        self.assertEqual(slots, ["08:00", "08:45", "09:30", "10:15", "11:00",
                                 "13:00", "13:45", "14:30", "15:15", "16:00"])

    def test_bad_length(self):
        with self.assertRaises(ValueError):
            day_slots("08:00", "09:00", 0)


if __name__ == "__main__":
    unittest.main()
