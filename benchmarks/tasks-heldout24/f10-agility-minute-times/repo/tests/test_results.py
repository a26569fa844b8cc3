import unittest

from agility.results import Run, placings


class PlacingTests(unittest.TestCase):
    def test_order(self):
        runs = [Run("A", "a", 0, 3841), Run("B", "b", 5, 3690), Run("C", "c", 0, None), Run("D", "d", 0, 4107)]
        self.assertEqual([r.handler for r in placings(runs, 40)], ["A", "D", "B", "C"])


if __name__ == "__main__":
    unittest.main()
