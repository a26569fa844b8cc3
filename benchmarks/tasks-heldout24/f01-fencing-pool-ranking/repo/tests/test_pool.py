import unittest

from fencing.bouts import read_bouts
from fencing.pool import indicator, pool_results, ranking


SHEET = ["Ann Bo 5 1", "Cy Ann 5 4", "Bo Cy 5 3", "Ann Dee 5 0", "Dee Bo 2 5", "Cy Dee 5 2"]


class PoolTests(unittest.TestCase):
    def test_results(self):
        results = {r.name: r for r in pool_results(read_bouts(SHEET))}
        self.assertEqual(results["Ann"].victories, 2)
        self.assertEqual(results["Ann"].scored, 14)
        self.assertEqual(results["Ann"].received, 6)
        self.assertEqual(indicator(results["Ann"]), 8)
        self.assertEqual(results["Dee"].bouts, 3)

    def test_most_victories_first(self):
        order = [r.name for r in ranking(pool_results(read_bouts(SHEET)))]
        self.assertEqual(order[-1], "Dee")
        self.assertEqual(len(order), 4)


if __name__ == "__main__":
    unittest.main()
