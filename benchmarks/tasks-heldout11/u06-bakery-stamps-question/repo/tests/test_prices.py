import unittest

from stampcard.prices import format_cents, price_of


class PricesTest(unittest.TestCase):
    def test_price_of(self):
        self.assertEqual(price_of(" Flat White "), 385)

    def test_unknown(self):
        with self.assertRaises(ValueError):
            price_of("matcha")

    def test_format(self):
        self.assertEqual(format_cents(705), "7.05")


if __name__ == "__main__":
    unittest.main()
