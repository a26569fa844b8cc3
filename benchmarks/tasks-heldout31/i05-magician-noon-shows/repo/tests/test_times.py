import unittest

from magic.confirm import ordinal
from magic.times import minutes, twelve_hour


class TimesTest(unittest.TestCase):
    def test_afternoon(self):
        self.assertEqual(twelve_hour("14:30"), "2:30pm")

    def test_morning(self):
        self.assertEqual(twelve_hour("09:05"), "9:05am")

    def test_minutes(self):
        self.assertEqual(minutes("12:30"), 750)

    def test_ordinals(self):
        self.assertEqual([ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)], ["1st", "2nd", "3rd", "4th", "11th", "12th", "21st"])


if __name__ == "__main__":
    unittest.main()
