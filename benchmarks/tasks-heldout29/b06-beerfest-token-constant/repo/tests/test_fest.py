import unittest

from fest import pricelist, takings


class TokenTest(unittest.TestCase):
    def test_pint_rounds_up(self):
        self.assertEqual(pricelist.pint_tokens(450), 2)
        self.assertEqual(pricelist.pint_tokens(500), 2)
        self.assertEqual(pricelist.pint_tokens(520), 3)

    def test_half(self):
        self.assertEqual(pricelist.half_tokens(450), 1)
        self.assertEqual(pricelist.half_tokens(550), 2)

    def test_takings(self):
        got = takings.bar_takings("counts.csv")
        self.assertEqual(list(got), ["Cask", "Cider", "Keg"])
        self.assertEqual(got["Keg"], 502 * 250)


if __name__ == "__main__":
    unittest.main()
