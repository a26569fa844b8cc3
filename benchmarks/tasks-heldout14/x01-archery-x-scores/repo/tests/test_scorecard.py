import unittest

from quiver.scorecard import round_total, sheet


class SheetTest(unittest.TestCase):
    ENDS = [["9", "10", "8"], ["7", "M", "9"]]

    def test_lines(self):
        self.assertEqual(sheet(self.ENDS), [
            " 1  10  9  8   27    27",
            " 2   9  7  M   16    43",
            "hits 5  Xs 0  total 43",
        ])

    def test_round_total(self):
        self.assertEqual(round_total(self.ENDS), 43)
        self.assertEqual(round_total([]), 0)


if __name__ == "__main__":
    unittest.main()
