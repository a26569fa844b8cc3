import unittest
from datetime import date

from donorday.donors import Donor
from donorday.letters import thank_you


class LetterTests(unittest.TestCase):
    def test_thank_you(self):
        letter = thank_you(Donor("Sam Hughes", "M", date(2025, 3, 3))).splitlines()
        self.assertEqual(letter[0], "Dear Sam,")
        self.assertEqual(letter[1], "Thank you for giving blood on 3 March 2025.")
        self.assertEqual(letter[2], "You can give again after 12 weeks, from 26 May 2025.")


if __name__ == "__main__":
    unittest.main()
