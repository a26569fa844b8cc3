import unittest

from schoolmeals.letters import family_total, letter_line
from schoolmeals.prices import price


class MealsTest(unittest.TestCase):
    def test_price(self):
        self.assertEqual(price("hot"), 245)
        self.assertEqual(price("hot", sibling=True), 225)
        with self.assertRaises(ValueError):
            price("pizza")

    def test_letter_line(self):
        self.assertEqual(letter_line("Ada", ["hot", "soup"]), "Ada: Mon hot, Tue soup - 4.05")
        self.assertEqual(letter_line("Ben", ["hot"], free=True), "Ben: Mon hot - 0.00")

    def test_family_total(self):
        self.assertEqual(family_total([("Ada", ["hot"]), ("Cy", ["hot"])]), 470)


if __name__ == "__main__":
    unittest.main()
