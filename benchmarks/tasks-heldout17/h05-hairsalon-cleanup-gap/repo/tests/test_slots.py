import unittest

from salonbook.slots import free_slots


class FreeSlotsTest(unittest.TestCase):
    def test_empty_day(self):
        slots = free_slots([], 60)
        self.assertEqual(slots[0], "09:00")
        self.assertEqual(slots[-1], "17:00")
        self.assertEqual(len(slots), 33)

    def test_around_a_booking(self):
        slots = free_slots([("10:00", "11:00")], 30)
        self.assertIn("09:30", slots)
        self.assertNotIn("09:45", slots)
        self.assertNotIn("10:30", slots)
        self.assertIn("11:00", slots)

    def test_step(self):
        self.assertEqual(free_slots([], 30, step=60, close_at="11:00"),
                         ["09:00", "10:00"])

    def test_full_day(self):
        self.assertEqual(free_slots([("09:00", "18:00")], 15), [])


if __name__ == "__main__":
    unittest.main()
