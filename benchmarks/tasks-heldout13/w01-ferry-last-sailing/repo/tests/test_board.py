import unittest

from ferryline.board import board, upcoming

TIMES = ["06:45", "08:15", "09:45", "11:15", "13:00", "14:30", "16:15", "17:45", "19:30", "21:30"]


class BoardTests(unittest.TestCase):
    def test_upcoming(self):
        self.assertEqual(upcoming(TIMES, "10:00", 3), ["11:15", "13:00", "14:30"])

    def test_board_text(self):
        text = board(TIMES, "12:00", 2)
        self.assertEqual(text.splitlines(), ["Departures after 12:00",
                                             "  13:00  Inverbay  (in 60 min)",
                                             "  14:30  Inverbay  (in 150 min)"])

    def test_board_when_nothing_left(self):
        self.assertIn("No more sailings today", board(TIMES, "23:10"))


if __name__ == "__main__":
    unittest.main()
