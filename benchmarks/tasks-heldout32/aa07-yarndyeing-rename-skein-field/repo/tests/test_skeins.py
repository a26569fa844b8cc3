import unittest

from dyepot.batch import pot_wt, pots
from dyepot.recipe import dye_grams
from dyepot.skeins import Skein


class SkeinTest(unittest.TestCase):
    def test_dye_grams(self):
        self.assertEqual(dye_grams(Skein("teal", 150, "merino"), 2), 3)

    def test_pot_wt(self):
        self.assertEqual(pot_wt([Skein("teal", 100, "merino"), Skein("teal", 50, "sock")]), 150)

    def test_pots_split_at_500(self):
        skeins = [Skein("rust", 200, "sock"), Skein("rust", 200, "sock"), Skein("rust", 200, "bfl")]
        self.assertEqual([pot_wt(p) for _c, p in pots(skeins)], [400, 200])
        self.assertEqual(skeins[0].wt, 200)


if __name__ == "__main__":
    unittest.main()
