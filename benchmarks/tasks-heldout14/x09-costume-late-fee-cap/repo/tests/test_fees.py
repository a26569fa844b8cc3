import unittest

from fancydress.costumes import STOCK
from fancydress.fees import late_fee


class LateFeeTest(unittest.TestCase):
    def test_on_time(self):
        self.assertEqual(late_fee(STOCK["GOR1"], 0), 0)

    def test_daily_rate(self):
        self.assertEqual(late_fee(STOCK["GOR1"], 3), 1200)
        self.assertEqual(late_fee(STOCK["PIR2"], 2), 500)

    def test_very_late(self):
        self.assertEqual(late_fee(STOCK["PIR2"], 12), 3000)

    def test_negative(self):
        with self.assertRaises(ValueError):
            late_fee(STOCK["PIR2"], -1)


if __name__ == "__main__":
    unittest.main()
