import unittest

from cragboard.grades import GRADES, grade_index
from cragboard.routes import Board, add_route, by_colour, hardest


class GradeTest(unittest.TestCase):
    def test_scale(self):
        self.assertEqual(len(GRADES), 30)
        self.assertEqual(GRADES[:3], ["4a", "4a+", "4b"])
        self.assertEqual(grade_index(" 8C+ "), 29)


class BoardTest(unittest.TestCase):
    def setUp(self):
        self.board = Board()
        add_route(self.board, "Slab Happy", "5c+", "Yellow", "Mia")
        add_route(self.board, " Crimp Shrimp ", " 7A ", "blue")
        add_route(self.board, "Jug Life", "4b", "yellow")

    def test_normalised(self):
        route = self.board.routes[1]
        self.assertEqual((route.name, route.grade, route.colour), ("Crimp Shrimp", "7a", "blue"))

    def test_hardest(self):
        self.assertEqual(hardest(self.board).name, "Crimp Shrimp")
        self.assertIsNone(hardest(Board()))

    def test_by_colour(self):
        self.assertEqual([r.name for r in by_colour(self.board, "YELLOW")],
                         ["Slab Happy", "Jug Life"])


if __name__ == "__main__":
    unittest.main()
