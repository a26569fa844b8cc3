import unittest
from datetime import date

from sootbook.customers import load_customers
from sootbook.reminders import call_list, due_within
from sootbook.schedule import nxt_sweep


class ReminderTests(unittest.TestCase):
    def setUp(self):
        self.customers = load_customers()

    def test_due_within_a_fortnight(self):
        names = [c.name for c in due_within(self.customers, date(2025, 3, 25))]
        self.assertEqual(names, ["The Old Rectory", "Flat 2 Mill House", "Mrs Pennock"])

    def test_call_list(self):
        lines = call_list(self.customers, date(2025, 4, 1), days=7)
        self.assertEqual(lines[0], "The Old Rectory  01632 960458  due 30 Mar 2025  OVERDUE")
        self.assertEqual(len(lines), 3)

    def test_agrees_with_schedule(self):
        for c in due_within(self.customers, date(2025, 12, 31), days=0):
            self.assertLessEqual(nxt_sweep(c.last_sweep, c.fuel), date(2025, 12, 31))


if __name__ == "__main__":
    unittest.main()
