import unittest
from datetime import date

from tents.bookings import Booking, reminder_date, reminder_for


class ReminderTest(unittest.TestCase):
    def test_explicit_days(self):
        self.assertEqual(reminder_date(date(2024, 7, 12), 3), date(2024, 7, 9))

    def test_booking_with_its_own_days(self):
        b = Booking("A", "a@x", "Bluebell", date(2024, 8, 2), 2, 14)
        self.assertEqual(reminder_for(b), date(2024, 7, 19))

    def test_across_a_month_end(self):
        self.assertEqual(reminder_date(date(2024, 8, 1), 2), date(2024, 7, 30))


if __name__ == "__main__":
    unittest.main()
