import unittest

from zinepress.imposition import round_up, spreads


class RoundUpTest(unittest.TestCase):
    def test_round_up(self):
        self.assertEqual(round_up(10, 4), 12)
        self.assertEqual(round_up(12, 4), 12)
        self.assertEqual(round_up(1, 4), 4)


class SpreadsTest(unittest.TestCase):
    def test_eight_pages(self):
        self.assertEqual(spreads(8), [(8, 1), (2, 7), (6, 3), (4, 5)])

    def test_four_pages(self):
        self.assertEqual(spreads(4), [(4, 1), (2, 3)])

    def test_not_multiple_of_four(self):
        with self.assertRaises(ValueError):
            spreads(10)


if __name__ == "__main__":
    unittest.main()
