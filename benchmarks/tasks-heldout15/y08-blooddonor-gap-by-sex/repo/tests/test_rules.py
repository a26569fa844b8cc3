import unittest
from datetime import date

from donorday.donors import Donor
from donorday.rules import is_eligible, next_eligible


class RuleTests(unittest.TestCase):
    def test_twelve_weeks(self):
        donor = Donor("Sam Hughes", "M", date(2025, 3, 3))
        self.assertEqual(next_eligible(donor), date(2025, 5, 26))

    def test_never_given(self):
        donor = Donor("Ines Duarte", "F")
        self.assertIsNone(next_eligible(donor))
        self.assertTrue(is_eligible(donor, date(2025, 1, 1)))

    def test_eligible_from_the_day(self):
        donor = Donor("Sam Hughes", "M", date(2025, 3, 3))
        self.assertFalse(is_eligible(donor, date(2025, 5, 25)))
        self.assertTrue(is_eligible(donor, date(2025, 5, 26)))

    def test_bad_sex(self):
        with self.assertRaises(ValueError):
            Donor("X", "Q")


if __name__ == "__main__":
    unittest.main()
