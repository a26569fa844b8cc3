import os
import tempfile
import unittest
from datetime import date

from lostprop.items import Item, next_ref, read_log, still_held, write_log


class LogTests(unittest.TestCase):
    def test_round_trip(self):
        items = [Item("LP-250901-01", date(2025, 9, 1), "hat, green", "Platform 1"),
                 Item("LP-250901-02", date(2025, 9, 1), "phone", "Car park", "claimed")]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "log.csv")
            write_log(path, items)
            self.assertEqual(read_log(path), items)

    def test_next_ref(self):
        items = [Item("LP-250901-01", date(2025, 9, 1), "hat", "Platform 1")]
        self.assertEqual(next_ref(items, date(2025, 9, 1)), "LP-250901-02")
        self.assertEqual(next_ref(items, date(2025, 9, 2)), "LP-250902-01")

    def test_still_held(self):
        items = [Item("A", date(2025, 9, 1), "hat", "P1"), Item("B", date(2025, 9, 20), "bag", "P2"),
                 Item("C", date(2025, 8, 1), "pen", "P3", "claimed")]
        self.assertEqual([i.ref for i in still_held(items, 14, date(2025, 9, 22))], ["A"])

    def test_shipped_log_reads(self):
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        items = read_log(os.path.join(here, "lost_property.csv"))
        self.assertEqual(len(items), 6)
        self.assertEqual(items[1].description, "child's scooter, red")


if __name__ == "__main__":
    unittest.main()
