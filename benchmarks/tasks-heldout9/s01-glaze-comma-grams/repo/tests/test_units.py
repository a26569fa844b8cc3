import unittest

from glazebook.units import format_grams, parse_amount


class ParseAmountTest(unittest.TestCase):
    def test_grams(self):
        self.assertEqual(parse_amount("40 g"), 40.0)
        self.assertEqual(parse_amount("250g"), 250.0)

    def test_kilograms(self):
        self.assertEqual(parse_amount("1.5 kg"), 1500.0)

    def test_milligrams(self):
        self.assertAlmostEqual(parse_amount("500 mg"), 0.5)

    def test_rejects_garbage(self):
        with self.assertRaises(ValueError):
            parse_amount("a pinch")


class FormatTest(unittest.TestCase):
    def test_format(self):
        self.assertEqual(format_grams(80), "80 g")
        self.assertEqual(format_grams(12.5), "12.5 g")
        self.assertEqual(format_grams(1250), "1.25 kg")


if __name__ == "__main__":
    unittest.main()
