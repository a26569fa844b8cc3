import unittest

from seedswap.rules import allocate, capped

STOCK = {"pea": 10, "kale": 1}


class RulesTest(unittest.TestCase):
    def test_limit_per_member(self):
        got = allocate([("A", "pea", 4), ("A", "kale", 1), ("A", "pea", 3)], STOCK)
        self.assertEqual(got, {"A": {"pea": 4, "kale": 1}})

    def test_stock_runs_out(self):
        got = allocate([("A", "kale", 1), ("B", "kale", 1)], STOCK)
        self.assertEqual(got, {"A": {"kale": 1}, "B": {}})

    def test_capped(self):
        self.assertEqual(capped([("A", "pea", 4), ("A", "kale", 2), ("B", "pea", 5)]), {"A": 6})


if __name__ == "__main__":
    unittest.main()
