import unittest

from kaiten.receipt import receipt_lines


class ReceiptTest(unittest.TestCase):
    def test_receipt(self):
        lines = receipt_lines(["white", "red", "red"], at="19:40")
        self.assertEqual(lines[0], "Kaiten sushi bar - settled at 19:40")
        self.assertEqual(lines[1:3], ["  1 x white", "  2 x red"])
        self.assertEqual(lines[-1], "Total: 7.50")

    def test_service(self):
        lines = receipt_lines(["red"], at="20:00", service=True)
        self.assertEqual(lines[-2:], ["Service: 0.30", "Total: 3.30"])


if __name__ == "__main__":
    unittest.main()
