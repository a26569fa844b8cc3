import unittest
from datetime import date

from sootbook.schedule import nxt_sweep, overdue


class ScheduleTests(unittest.TestCase):
    def test_intervals(self):
        self.assertEqual(nxt_sweep(date(2024, 10, 3), "wood"), date(2025, 4, 3))
        self.assertEqual(nxt_sweep(date(2024, 4, 17), "oil"), date(2025, 4, 17))

    def test_month_end_clamped(self):
        self.assertEqual(nxt_sweep(date(2024, 8, 31), "coal"), date(2025, 2, 28))
        self.assertEqual(nxt_sweep(date(2023, 2, 28), "gas"), date(2024, 2, 28))

    def test_unknown_fuel(self):
        with self.assertRaises(ValueError):
            nxt_sweep(date(2024, 1, 1), "peat")

    def test_overdue(self):
        self.assertTrue(overdue(date(2024, 3, 31), "gas", date(2025, 4, 1)))
        self.assertFalse(overdue(date(2024, 3, 31), "gas", date(2025, 3, 31)))


if __name__ == "__main__":
    unittest.main()
