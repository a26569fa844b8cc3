import unittest

from washday.machines import free_machines
from washday.receipt import receipt_lines


class ReceiptTests(unittest.TestCase):
    def test_receipt(self):
        lines = receipt_lines(washes=[(3, True)], dries=[(5, 25)])
        self.assertEqual(len(lines), 3)
        self.assertTrue(lines[-1].startswith("TOTAL"))
        self.assertTrue(lines[-1].endswith("9.30"))

    def test_free_machines(self):
        self.assertEqual(free_machines("dryer", busy={5}), [6])


if __name__ == "__main__":
    unittest.main()
