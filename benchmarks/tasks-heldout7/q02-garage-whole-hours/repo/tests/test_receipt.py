import unittest

from parkfee import receipt


class ReceiptTests(unittest.TestCase):
    def test_receipt_lines(self):
        text = receipt("resident", "22:30", "00:40")
        self.assertIn("Stay:     2h 10m", text)
        self.assertIn("Charged:  3 h", text)
        self.assertTrue(text.endswith("Total:    4.50"))


if __name__ == "__main__":
    unittest.main()
