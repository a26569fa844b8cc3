import unittest

from cragboard.stats import band_counts, load_board

LINES = """# name, grade, colour, setter
Slab Happy, 5c+, yellow, Mia
Crimp Shrimp, 7a, blue
Jug Life, 4b, yellow

Pinch Me, 6B+, red, Tom
""".splitlines()


class StatsTest(unittest.TestCase):
    def test_load_board(self):
        board = load_board(LINES)
        self.assertEqual(len(board.routes), 4)
        self.assertEqual(board.routes[3].setter, "Tom")

    def test_band_counts(self):
        self.assertEqual(band_counts(load_board(LINES)), {"4": 1, "5": 1, "6": 1, "7": 1})


if __name__ == "__main__":
    unittest.main()
