import unittest
from pathlib import Path

from xword.grid import across_slots, black_count, down_slots, parse_grid, size, transpose

MINI = parse_grid((Path(__file__).parent.parent / "puzzles" / "mini.txt").read_text())


class GridTest(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_grid("  ab#\n\ncd.\n"), ["ab#", "cd."])

    def test_size_and_blacks(self):
        self.assertEqual(size(MINI), (5, 5))
        self.assertEqual(black_count(MINI), 6)

    def test_transpose(self):
        self.assertEqual(transpose(["ab", "cd", "ef"]), ["ace", "bdf"])

    def test_slots(self):
        self.assertEqual(across_slots(MINI), [(0, 0, 4), (2, 0, 5), (4, 1, 4)])
        self.assertEqual(down_slots(MINI), [(0, 0, 4), (0, 2, 5), (1, 4, 4)])


if __name__ == "__main__":
    unittest.main()
