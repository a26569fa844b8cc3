import unittest

from quiltcut.cutlist import load, strips_needed, total_inches, yards


class CutListTest(unittest.TestCase):
    def test_load_skips_comments(self):
        pieces = load(["# runner", "", "Centre | 1 | 12.5 x 36"])
        self.assertEqual([p.name for p in pieces], ["Centre"])
        self.assertEqual(pieces[0].width, 12.5)

    def test_strips(self):
        piece = load(["Squares | 20 | 5 x 5"])[0]
        self.assertEqual(strips_needed(piece), 3)

    def test_total_and_yards(self):
        pieces = load(["Squares | 20 | 5 x 5", "Binding | 2 | 42 x 2.5"])
        self.assertEqual(total_inches(pieces), 20)
        self.assertEqual(yards(pieces), 0.625)

    def test_label(self):
        piece = load(["Centre | 1 | 12.5 x 36"])[0]
        self.assertEqual(piece.label(), '1 x 12 1/2" by 36" Centre')


if __name__ == "__main__":
    unittest.main()
