import unittest

from bandroom.rooms import cost, load_rooms, rooms_for

ROOMS = {"a": {"capacity": 5, "rate": 10.0}, "b": {"capacity": 2, "rate": 7.5}}


class RoomsTest(unittest.TestCase):
    def test_cost(self):
        self.assertEqual(cost(ROOMS["b"], 3), 22.5)

    def test_rooms_for_smallest_first(self):
        self.assertEqual(rooms_for(2, ROOMS), ["b", "a"])
        self.assertEqual(rooms_for(6, ROOMS), [])

    def test_big_room_from_file(self):
        big = load_rooms()["big"]
        self.assertTrue(big["drum_kit"])
        self.assertEqual(big["close"], "23:00")

    def test_defaults_fill_in(self):
        small = load_rooms()["small"]
        self.assertFalse(small["drum_kit"])
        self.assertEqual(small["open"], "10:00")


if __name__ == "__main__":
    unittest.main()
