import unittest
from fractions import Fraction

from recipebox.quantity import format_quantity, parse_quantity


class ParseTests(unittest.TestCase):
    def test_whole_and_fraction(self):
        self.assertEqual(parse_quantity("2"), 2)
        self.assertEqual(parse_quantity("3/4"), Fraction(3, 4))

    def test_spaced_fraction(self):
        self.assertEqual(parse_quantity(" 3 / 4 "), Fraction(3, 4))

    def test_decimal(self):
        self.assertEqual(parse_quantity("0.25"), Fraction(1, 4))

    def test_rejects_garbage(self):
        for bad in ("", "abc", "1/0"):
            with self.assertRaises(ValueError):
                parse_quantity(bad)


class FormatTests(unittest.TestCase):
    def test_forms(self):
        self.assertEqual(format_quantity(Fraction(3)), "3")
        self.assertEqual(format_quantity(Fraction(3, 4)), "3/4")
        self.assertEqual(format_quantity(Fraction(9, 4)), "2 1/4")


if __name__ == "__main__":
    unittest.main()
