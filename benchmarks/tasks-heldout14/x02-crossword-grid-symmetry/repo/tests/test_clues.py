import unittest

from xword.clues import clue_list, numbering
from xword.grid import parse_grid

GRID = parse_grid("""
....#
.#.#.
.....
.#.#.
#....
""")


class ClueTest(unittest.TestCase):
    def test_numbering(self):
        self.assertEqual(numbering(GRID), {(0, 0): 1, (0, 2): 2, (1, 4): 3, (2, 0): 4, (4, 1): 5})

    def test_clue_list(self):
        self.assertEqual(clue_list(GRID), ["1 across (4)", "4 across (5)", "5 across (4)",
                                           "1 down (4)", "2 down (5)", "3 down (4)"])


if __name__ == "__main__":
    unittest.main()
