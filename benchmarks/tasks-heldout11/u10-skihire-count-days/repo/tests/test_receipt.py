import unittest
from datetime import date

from skihire.receipt import receipt


class ReceiptTest(unittest.TestCase):
    def test_weekend(self):
        text = receipt("Ada", ["skis", "boots"], date(2025, 2, 14), date(2025, 2, 16))
        self.assertEqual(text.splitlines(), [
            "Ski hire for Ada",
            "2025-02-14 to 2025-02-16 (2 nights)",
            "  skis       EUR 28.00 a day",
            "  boots      EUR 12.00 a day",
            "Total: EUR 80.00",
        ])

    def test_single(self):
        text = receipt("Bo", ["helmet"], date(2025, 3, 1), date(2025, 3, 1))
        self.assertIn("(1 night)", text)


if __name__ == "__main__":
    unittest.main()
