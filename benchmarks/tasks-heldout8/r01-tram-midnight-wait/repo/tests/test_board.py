import unittest

from tramboard.board import next_departures, render

TIMETABLE = ["07:55", "08:10", "08:25", "08:40"]


class BoardTest(unittest.TestCase):
    def test_next_departures(self):
        self.assertEqual(next_departures("07:52", TIMETABLE, limit=2),
                         [("07:55", 3), ("08:10", 18)])

    def test_render(self):
        self.assertEqual(render("07:55", TIMETABLE, limit=2),
                         "07:55  now\n08:10  15 min")


if __name__ == "__main__":
    unittest.main()
