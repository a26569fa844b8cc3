import unittest

from rollcalc.rolls import drop_length, drops_for, rolls_needed


class RollsTest(unittest.TestCase):
    def test_drops_round_up(self):
        self.assertEqual(drops_for(53), 1)
        self.assertEqual(drops_for(300), 6)

    def test_drop_length_adds_trim(self):
        self.assertEqual(drop_length(240), 250)

    def test_plain_wall(self):
        self.assertEqual(rolls_needed(300, 240), 2)
        self.assertEqual(rolls_needed(410, 260), 3)

    def test_bad_sizes(self):
        with self.assertRaises(ValueError):
            rolls_needed(0, 240)
        with self.assertRaises(ValueError):
            rolls_needed(300, 1200)


if __name__ == "__main__":
    unittest.main()
