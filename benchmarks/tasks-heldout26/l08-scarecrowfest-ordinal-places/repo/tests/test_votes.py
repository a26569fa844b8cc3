import unittest

from scarecrow.votes import Entry, placings

ENTRIES = [Entry(2025, "B", "x", 10), Entry(2025, "A", "y", 10), Entry(2025, "C", "z", 30), Entry(2024, "D", "x", 5)]


class PlacingTests(unittest.TestCase):
    def test_most_votes_first_then_name(self):
        self.assertEqual([(p, e.scarecrow) for p, e in placings(ENTRIES, 2025)], [(1, "C"), (2, "A"), (3, "B")])


if __name__ == "__main__":
    unittest.main()
