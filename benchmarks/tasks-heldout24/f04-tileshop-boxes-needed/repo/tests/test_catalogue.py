import unittest

from tiles.catalogue import find_tile


class CatalogueTests(unittest.TestCase):
    def test_coverage(self):
        self.assertAlmostEqual(find_tile("met-w").box_coverage, 1.0)
        self.assertAlmostEqual(find_tile("SLT-G").box_coverage, 1.08)

    def test_unknown(self):
        with self.assertRaises(KeyError):
            find_tile("NOPE")


if __name__ == "__main__":
    unittest.main()
