import unittest

from quiltcut.measure import format_inches, parse_inches


class ParseTest(unittest.TestCase):
    def test_decimal(self):
        self.assertEqual(parse_inches("2.5"), 2.5)

    def test_fraction(self):
        self.assertEqual(parse_inches("3/4"), 0.75)

    def test_units(self):
        self.assertEqual(parse_inches("6 in"), 6.0)
        self.assertEqual(parse_inches('4"'), 4.0)

    def test_empty(self):
        with self.assertRaises(ValueError):
            parse_inches("  ")


class FormatTest(unittest.TestCase):
    def test_mixed(self):
        self.assertEqual(format_inches(2.5), '2 1/2"')

    def test_whole_and_fraction_only(self):
        self.assertEqual(format_inches(6), '6"')
        self.assertEqual(format_inches(0.375), '3/8"')


if __name__ == "__main__":
    unittest.main()
