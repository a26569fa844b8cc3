import unittest

from rally.classes import class_of
from rally.entries import Entry, load_entries
from rally.listing import listing_lines


class ListingTest(unittest.TestCase):
    def test_classes(self):
        self.assertEqual(class_of(1938), "Veteran")
        self.assertEqual(class_of(1959), "Vintage")
        self.assertEqual(class_of(1960), "Classic")

    def test_grouped_by_class(self):
        lines = listing_lines(load_entries("entries.csv"))
        self.assertEqual(lines[0], "== Veteran ==")
        self.assertEqual(lines[-1], "10 tractors, oldest 1938")

    def test_empty(self):
        self.assertEqual(listing_lines([]), ["0 tractors"])

    def test_numbers_in_order_within_class(self):
        entries = [Entry(5, "Ferguson", "TEA20", 1952, "R"), Entry(1, "Ferguson", "TE20", 1949, "D")]
        self.assertTrue(listing_lines(entries)[1].startswith("  1"))


if __name__ == "__main__":
    unittest.main()
