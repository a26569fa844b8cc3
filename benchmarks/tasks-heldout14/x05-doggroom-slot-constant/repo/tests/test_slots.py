import unittest

from groomroom.slots import appointment_length, day_capacity, fits_before_close, slot_label, slot_starts


class SlotTest(unittest.TestCase):
    def test_starts(self):
        starts = slot_starts()
        self.assertEqual(starts[:3], [540, 585, 630])
        self.assertEqual(starts[-1], 990)

    def test_capacity(self):
        self.assertEqual(day_capacity(), 11)

    def test_length(self):
        self.assertEqual(appointment_length("giant"), 135)

    def test_label(self):
        self.assertEqual(slot_label(585), "09:45-10:30 (45 min)")

    def test_fits(self):
        self.assertTrue(fits_before_close(945, "medium"))
        self.assertFalse(fits_before_close(990, "medium"))


if __name__ == "__main__":
    unittest.main()
