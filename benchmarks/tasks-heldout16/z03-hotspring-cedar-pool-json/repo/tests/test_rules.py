import unittest

from onsen.config import Pool
from onsen.rules import is_open, may_enter, pools_open

MORI = Pool("Mori", 40, 4, 12, "06:00", "22:00", False)
YUKI = Pool("Yuki", 38, 8, 0, "06:00", "20:00", True)


class RulesTest(unittest.TestCase):
    def test_open(self):
        self.assertTrue(is_open(MORI, "06:00"))
        self.assertFalse(is_open(MORI, "22:00"))

    def test_may_enter(self):
        self.assertEqual(may_enter(MORI, 30, False, "21:30"), (True, "welcome"))
        self.assertFalse(may_enter(MORI, 11, False, "10:00")[0])
        self.assertFalse(may_enter(MORI, 30, True, "10:00")[0])
        self.assertTrue(may_enter(YUKI, 5, True, "10:00")[0])

    def test_pools_open(self):
        self.assertEqual(pools_open({"Mori": MORI, "Yuki": YUKI}, "21:00"), ["Mori"])


if __name__ == "__main__":
    unittest.main()
