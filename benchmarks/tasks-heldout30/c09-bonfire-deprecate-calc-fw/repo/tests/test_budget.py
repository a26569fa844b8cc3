import unittest

from bonfire.budget import calc_fw, pounds


class BudgetTest(unittest.TestCase):
    def test_share_of_takings(self):
        self.assertEqual(calc_fw(1000, 1000), 394000)

    def test_small_night_gets_nothing(self):
        self.assertEqual(calc_fw(10, 500), 0)

    def test_pounds(self):
        self.assertEqual(pounds(394000), "\u00a33,940")


if __name__ == "__main__":
    unittest.main()
