import unittest

from marquee.letter import quote_letter
from marquee.quote import cancellation_charge, deposit, hire_price, marquee_for, pounds


class QuoteTests(unittest.TestCase):
    def test_size(self):
        self.assertEqual(marquee_for(40), "small")
        self.assertEqual(marquee_for(41), "medium")
        with self.assertRaises(ValueError):
            marquee_for(151)

    def test_price(self):
        self.assertEqual(hire_price("small", 1), 45000)
        self.assertEqual(hire_price("medium", 3), 72000 + 2 * 36000)
        self.assertEqual(hire_price("small", 1, guests=30, flooring=True), 45000 + 30 * 350)

    def test_deposit(self):
        self.assertEqual(deposit(100000), 25000)

    def test_cancellation(self):
        self.assertEqual(cancellation_charge(100000, 10), 25000)
        self.assertEqual(cancellation_charge(100000, 28), 0)

    def test_pounds(self):
        self.assertEqual(pounds(118000), "\u00a31,180.00")


class LetterTests(unittest.TestCase):
    def test_letter(self):
        text = quote_letter("Mr Bell", 30, 1)
        self.assertIn("small marquee for 30 guests over 1 day.", text)
        self.assertIn("Total: \u00a3450.00", text)
        self.assertIn("deposit of \u00a3112.50", text)


if __name__ == "__main__":
    unittest.main()
