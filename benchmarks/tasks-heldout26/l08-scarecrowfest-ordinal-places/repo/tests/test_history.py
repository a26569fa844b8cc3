import unittest

from scarecrow.history import history
from scarecrow.votes import Entry

ENTRIES = [Entry(2025, "B", "x", 10), Entry(2025, "C", "z", 30), Entry(2024, "D", "x", 5), Entry(2024, "E", "z", 1)]


class HistoryTests(unittest.TestCase):
    def test_places_by_year(self):
        self.assertEqual(history(ENTRIES), {"x": [(2024, 1), (2025, 2)], "z": [(2024, 2), (2025, 1)]})


if __name__ == "__main__":
    unittest.main()
