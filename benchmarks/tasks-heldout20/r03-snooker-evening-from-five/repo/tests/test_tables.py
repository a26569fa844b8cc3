import unittest

from snooker.receipt import receipt
from snooker.tables import session_cost


class TableTests(unittest.TestCase):
    def test_daytime_hour(self):
        self.assertEqual(session_cost("10:00", 60), 600)

    def test_daytime_ninety_minutes(self):
        self.assertEqual(session_cost("13:15", 90), 900)

    def test_evening_hour(self):
        self.assertEqual(session_cost("19:00", 60), 900)

    def test_after_closing(self):
        with self.assertRaises(ValueError):
            session_cost("22:30", 60)

    def test_receipt(self):
        text = receipt(4, "20:00", 30)
        self.assertEqual(text.splitlines()[:2], ["Table 4  20:00  30 min", "Due: 4.50"])
