import unittest

from oysters.grading import calc_g, grade_counts
from oysters.price import calc_gross, order_lines


class GradingTest(unittest.TestCase):
    def test_boundaries(self):
        self.assertEqual(calc_g(150), "No.1")
        self.assertEqual(calc_g(149.9), "No.2")
        self.assertEqual(calc_g(80), "No.3")
        self.assertEqual(calc_g(59), "undersize")

    def test_rejects_nonsense(self):
        with self.assertRaises(ValueError):
            calc_g(0)

    def test_counts(self):
        self.assertEqual(grade_counts([155, 90, 91, 10]),
                         {"No.1": 1, "No.2": 0, "No.3": 2, "No.4": 0, "undersize": 1})


class PriceTest(unittest.TestCase):
    def test_gross(self):
        self.assertEqual(calc_gross(3, "No.2"), 3 * 1860)

    def test_trade(self):
        self.assertEqual(order_lines([(10, 160)], trade=True)[-1].split(), ["total", "200.64"])


if __name__ == "__main__":
    unittest.main()
