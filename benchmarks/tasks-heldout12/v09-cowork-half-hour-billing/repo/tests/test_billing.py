import unittest

from deskday.billing import billable_hours, booked_minutes, charge


class BillingTest(unittest.TestCase):
    def test_booked_minutes(self):
        self.assertEqual(booked_minutes("09:00", "10:40"), 100)

    def test_started_hours(self):
        self.assertEqual(billable_hours("09:00", "10:00"), 1)
        self.assertEqual(billable_hours("09:00", "10:10"), 2)
        self.assertEqual(billable_hours("14:00", "14:30"), 1)

    def test_charge(self):
        self.assertEqual(charge("hot desk", "09:00", "10:40"), 1200)
        self.assertEqual(charge("meeting room", "14:00", "14:30"), 2400)

    def test_bad_booking(self):
        with self.assertRaises(ValueError):
            charge("hot desk", "10:00", "09:00")
        with self.assertRaises(ValueError):
            charge("sofa", "09:00", "10:00")


if __name__ == "__main__":
    unittest.main()
