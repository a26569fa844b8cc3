import unittest

from washday.pricing import dry_price, wash_price


class PricingTests(unittest.TestCase):
    def test_wash(self):
        self.assertEqual(wash_price("small"), 4.5)
        self.assertEqual(wash_price("large", hot=True), 7.5)

    def test_unknown_size(self):
        with self.assertRaises(ValueError):
            wash_price("huge")

    def test_dry_started_blocks(self):
        self.assertEqual(dry_price(10), 0.6)
        self.assertEqual(dry_price(11), 1.2)
        self.assertEqual(dry_price(0), 0.0)


if __name__ == "__main__":
    unittest.main()
