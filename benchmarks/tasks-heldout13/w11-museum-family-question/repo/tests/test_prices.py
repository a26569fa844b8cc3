import unittest

from turnstile.prices import base_price, category


class PriceTests(unittest.TestCase):
    def test_category(self):
        self.assertEqual(category(4), "free")
        self.assertEqual(category(5), "child")
        self.assertEqual(category(30), "adult")

    def test_base(self):
        self.assertEqual(base_price([40, 38, 7]), 3800)

    def test_family_cap(self):
        self.assertEqual(base_price([40, 38, 7, 10]), 3900)


if __name__ == "__main__":
    unittest.main()
