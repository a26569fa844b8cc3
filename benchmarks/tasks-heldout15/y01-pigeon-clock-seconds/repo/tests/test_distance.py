import unittest

from loftclock.distance import describe, to_yards


class DistanceTests(unittest.TestCase):
    def test_miles_and_yards(self):
        self.assertEqual(to_yards("87m 1204y"), 87 * 1760 + 1204)
        self.assertEqual(to_yards(" 91M 300Y "), 91 * 1760 + 300)

    def test_yards_must_be_under_a_mile(self):
        with self.assertRaises(ValueError):
            to_yards("87m 1760y")

    def test_rubbish_rejected(self):
        for text in ("", "87", "m 20y", "87m -4y"):
            with self.assertRaises(ValueError):
                to_yards(text)

    def test_describe(self):
        self.assertEqual(describe(154324), "87m 1204y")


if __name__ == "__main__":
    unittest.main()
