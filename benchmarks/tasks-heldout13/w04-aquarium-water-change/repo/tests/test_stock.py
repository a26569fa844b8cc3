import unittest

from tankcare.stock import max_fish_cm, room_left


class StockTests(unittest.TestCase):
    def test_max(self):
        self.assertEqual(max_fish_cm(54.5), 54)

    def test_room_left(self):
        fish = [("neon", 3, 10), ("corydoras", 5, 6)]
        self.assertEqual(room_left(120, fish), 60)


if __name__ == "__main__":
    unittest.main()
