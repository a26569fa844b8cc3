import unittest
from datetime import datetime

from imgsort.dates import date_from_name


class DateTests(unittest.TestCase):
    def test_android_name(self):
        self.assertEqual(date_from_name("IMG_20240131_101500.jpg"), datetime(2024, 1, 31))

    def test_no_date(self):
        self.assertIsNone(date_from_name("holiday.png"))

    def test_invalid_date(self):
        self.assertIsNone(date_from_name("IMG_20241399.jpg"))


if __name__ == "__main__":
    unittest.main()
