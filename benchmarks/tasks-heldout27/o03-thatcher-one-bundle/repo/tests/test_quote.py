import unittest

from thatch.quote import describe, estimate


class QuoteTest(unittest.TestCase):
    def test_estimate(self):
        self.assertEqual(estimate(96, 11, "straw"), (192, 10, 192 * 6 + 10 * 380))

    def test_describe(self):
        lines = describe(140, 18)
        self.assertEqual(lines[1], "  materials: 210 bundles at £9")
        self.assertEqual(lines[2], "  labour:    15 days at £380")


if __name__ == "__main__":
    unittest.main()
