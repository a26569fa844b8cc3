import unittest

from croquet.turns import Turn


class TurnTest(unittest.TestCase):
    def test_calc_pts(self):
        self.assertEqual(Turn("Ada", "blue", [1, 2, 3]).calc_pts(), 3)
        self.assertEqual(Turn("Ada", "blue", [12], pegged_out=True).calc_pts(), 2)
        self.assertEqual(Turn("Ben", "red").calc_pts(), 0)

    def test_describe(self):
        self.assertEqual(Turn("Ben", "red").describe(), "Ben (red): no points")
        self.assertEqual(Turn("Ada", "blue", [4, 5], True).describe(),
                         "Ada (blue): hoops 4, 5; pegged out")

    def test_bad_turns(self):
        with self.assertRaises(ValueError):
            Turn("Ada", "green")
        with self.assertRaises(ValueError):
            Turn("Ada", "blue", [13])


if __name__ == "__main__":
    unittest.main()
