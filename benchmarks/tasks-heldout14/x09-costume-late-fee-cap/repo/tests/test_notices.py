import unittest

from fancydress.costumes import STOCK
from fancydress.notices import reminder


class ReminderTest(unittest.TestCase):
    def test_one_day(self):
        self.assertIn("Gorilla suit is 1 day late. Late fee so far: 4.00.", reminder("Sam", STOCK["GOR1"], 1))

    def test_long_overdue(self):
        text = reminder("Sam", STOCK["DIN3"], 10)
        self.assertIn("is 10 days late. Late fee so far: 35.00.", text)


if __name__ == "__main__":
    unittest.main()
