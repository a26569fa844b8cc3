import unittest

from posy.stems import Bunch, Stem


class BunchTests(unittest.TestCase):
    def test_price_with_wrap(self):
        bunch = Bunch(wrap="silk").add(Stem("tulip", 150), 10)
        self.assertEqual(bunch.price(), 2100)
        self.assertEqual(bunch.size(), 10)

    def test_unknown_wrap(self):
        with self.assertRaises(ValueError):
            Bunch(wrap="foil")


if __name__ == "__main__":
    unittest.main()
