import unittest

from rollcalc.rooms import room_rolls, shopping_line


class RoomTest(unittest.TestCase):
    def test_room_adds_spare(self):
        self.assertEqual(room_rolls([(300, 240), (410, 240)]), 5)
        self.assertEqual(room_rolls([(300, 240)], spare=0), 2)

    def test_negative_spare(self):
        with self.assertRaises(ValueError):
            room_rolls([(300, 240)], spare=-1)

    def test_shopping_line(self):
        self.assertEqual(shopping_line("Hall", [(100, 240)], spare=0), "Hall: 1 roll")
        self.assertEqual(shopping_line("Den", [(300, 240)]), "Den: 3 rolls")


if __name__ == "__main__":
    unittest.main()
