import unittest

from sitterpay.pay import after_midnight, booking, evening


class PayTest(unittest.TestCase):
    def test_evening(self):
        self.assertEqual(evening(4, 10.0), 40.0)

    def test_evening_minimum(self):
        self.assertEqual(evening(1, 10.0), 30.0)

    def test_after_midnight(self):
        self.assertEqual(after_midnight(2, 10.0), 30.0)

    def test_booking(self):
        self.assertEqual(booking(4, 2, 11.0, 5.0), 82.0)


if __name__ == "__main__":
    unittest.main()
