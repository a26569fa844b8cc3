import unittest
from datetime import date

from libloans.fines import fine_for, total_fines


class FineTests(unittest.TestCase):
    def test_on_time_is_free(self):
        self.assertEqual(fine_for("book", "2024-03-01", "2024-03-22"), 0.0)

    def test_early_return_is_free(self):
        self.assertEqual(fine_for("dvd", date(2024, 3, 1), date(2024, 3, 3)), 0.0)

    def test_first_grace_day_is_free(self):
        self.assertEqual(fine_for("book", "2024-03-01", "2024-03-23"), 0.0)

    def test_return_on_last_grace_day_is_free(self):
        # due 2024-03-22, back two days later: still inside the grace period
        self.assertEqual(fine_for("book", "2024-03-01", "2024-03-24"), 0.0)

    def test_late_book_charged_for_every_day(self):
        # ten days late: all ten days are charged
        self.assertEqual(fine_for("book", "2024-03-01", "2024-04-01"), 2.5)

    def test_fine_is_capped(self):
        self.assertEqual(fine_for("dvd", "2024-01-01", "2024-03-01"), 10.0)

    def test_total(self):
        loans = [("book", "2024-03-01", "2024-04-01"),
                 ("dvd", "2024-03-01", "2024-03-12")]
        self.assertEqual(total_fines(loans), 6.5)


if __name__ == "__main__":
    unittest.main()
