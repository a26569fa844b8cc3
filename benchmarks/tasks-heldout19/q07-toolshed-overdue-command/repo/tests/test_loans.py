import os
import tempfile
import unittest
from datetime import date

from toolshed.loans import days_out, lend, line, load, save


class LoansTest(unittest.TestCase):
    def test_lend_and_days_out(self):
        loans = {}
        lend(loans, "ladder", "Mo", date(2024, 5, 1))
        self.assertEqual(days_out(loans["ladder"], date(2024, 5, 31)), 30)
        with self.assertRaises(ValueError):
            lend(loans, "ladder", "Jo", date(2024, 5, 2))

    def test_line(self):
        loan = {"who": "Mo", "since": "2024-05-01"}
        self.assertEqual(line("ladder", loan, date(2024, 5, 3)),
                         "ladder         Mo       since 2024-05-01 (2 days)")

    def test_save_and_load(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "loans.json")
            self.assertEqual(load(path), {})
            save(path, {"saw": {"who": "Al", "since": "2024-01-02"}})
            self.assertEqual(load(path)["saw"]["who"], "Al")


if __name__ == "__main__":
    unittest.main()
