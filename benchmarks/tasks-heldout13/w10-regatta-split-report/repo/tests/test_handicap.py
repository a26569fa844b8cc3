import unittest

from regatta.handicap import clock, rating_for


class HandicapTests(unittest.TestCase):
    def test_rating(self):
        self.assertEqual(rating_for("Laser"), 1100)

    def test_clock(self):
        self.assertEqual(clock(3130), "52:10")
        self.assertEqual(clock(65), "1:05")


if __name__ == "__main__":
    unittest.main()
