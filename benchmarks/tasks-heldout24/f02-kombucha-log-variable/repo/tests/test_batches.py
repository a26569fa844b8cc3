import unittest
from datetime import date

from kombucha.batches import Batch, bottle_on, parse_row, ready_on, stage


class BatchTests(unittest.TestCase):
    def setUp(self):
        self.b = Batch("Test", "green", date(2025, 3, 1), 10)

    def test_days(self):
        self.assertEqual(bottle_on(self.b), date(2025, 3, 11))
        self.assertEqual(ready_on(self.b), date(2025, 3, 14))

    def test_stages(self):
        self.assertEqual(stage(self.b, date(2025, 3, 10)), "brewing")
        self.assertEqual(stage(self.b, date(2025, 3, 11)), "bottled")
        self.assertEqual(stage(self.b, date(2025, 3, 14)), "ready")

    def test_parse_row(self):
        row = {"name": " Mint ", "tea": "Black", "started": "2025-04-02", "first_days": "7"}
        self.assertEqual(parse_row(row), Batch("Mint", "black", date(2025, 4, 2), 7))
        with self.assertRaises(ValueError):
            parse_row(dict(row, tea="rooibos"))
        with self.assertRaises(ValueError):
            parse_row(dict(row, first_days="30"))


if __name__ == "__main__":
    unittest.main()
