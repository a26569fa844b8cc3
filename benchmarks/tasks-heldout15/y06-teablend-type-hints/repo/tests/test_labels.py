import unittest

from leafmix.labels import load_blends, tin_label


class LabelTests(unittest.TestCase):
    def test_house_blends(self):
        names = [b.name for b in load_blends()]
        self.assertEqual(names, ["Harbour Grey", "Breakfast No. 4", "Evening Hedgerow"])

    def test_labels(self):
        grey, breakfast, hedgerow = load_blends()
        self.assertEqual(tin_label(grey), ["Harbour Grey: assam, ceylon, bergamot",
                                           "About 48 mg caffeine a cup"])
        self.assertEqual(tin_label(hedgerow)[1], "Caffeine free")


if __name__ == "__main__":
    unittest.main()
