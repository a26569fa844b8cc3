import unittest

from fancydress.costumes import STOCK
from fancydress.returns import return_slip, settle


class SettleTest(unittest.TestCase):
    def test_on_time(self):
        self.assertEqual(settle(STOCK["VIC1"], 0), (5000, 0))

    def test_part_of_deposit(self):
        self.assertEqual(settle(STOCK["VIC1"], 2), (3800, 0))

    def test_slip_when_owing(self):
        self.assertEqual(return_slip(STOCK["PIR2"], 10), [
            "Pirate captain returned, 10 day(s) late",
            "Deposit refunded: 0.00",
            "Still to pay: 5.00",
        ])


if __name__ == "__main__":
    unittest.main()
