import unittest

from mill.boards import boards_needed, pieces_from
from mill.yardsheet import sheet_lines


class BoardsTest(unittest.TestCase):
    def test_pieces(self):
        self.assertEqual(pieces_from(2400, 600), 4)
        self.assertEqual(pieces_from(3600, 900), 4)
        self.assertEqual(pieces_from(2400, 2500), 0)

    def test_bad_piece(self):
        with self.assertRaises(ValueError):
            pieces_from(2400, 0)

    def test_boards_needed(self):
        self.assertEqual(boards_needed(9, 4), 3)
        with self.assertRaises(ValueError):
            boards_needed(2, 0)

    def test_yard_sheet(self):
        lines = sheet_lines([600])
        self.assertEqual(lines[1].split(), ["600", "4", "5", "6", "8"])


if __name__ == "__main__":
    unittest.main()
