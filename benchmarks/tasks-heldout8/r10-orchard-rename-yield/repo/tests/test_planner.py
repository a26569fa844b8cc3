import unittest

from orchard import Tree, crates_needed, pickers_needed

TREES = [Tree("bramley", 12, 1.0)] * 10 + [Tree("gala", 6, 0.8)] * 5


class PlannerTest(unittest.TestCase):
    def test_crates(self):
        # 1200 + 5 * 48 = 1440 kg
        self.assertEqual(crates_needed(TREES), 80)
        self.assertEqual(crates_needed(TREES, season_factor=1.2), 96)

    def test_pickers(self):
        self.assertEqual(pickers_needed(TREES, days=2), 2)


if __name__ == "__main__":
    unittest.main()
