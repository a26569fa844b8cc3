import unittest

from zinepress.costing import copy_cost, format_cents, run_cost


class CostingTest(unittest.TestCase):
    def test_copy_cost(self):
        self.assertEqual(copy_cost(3), 29)
        self.assertEqual(copy_cost(3, colour_cover=True), 54)

    def test_run_cost(self):
        self.assertEqual(run_cost(2, 50), 1000)

    def test_rejects_empty(self):
        with self.assertRaises(ValueError):
            run_cost(2, 0)
        with self.assertRaises(ValueError):
            copy_cost(0)

    def test_format(self):
        self.assertEqual(format_cents(1005), "10.05")


if __name__ == "__main__":
    unittest.main()
