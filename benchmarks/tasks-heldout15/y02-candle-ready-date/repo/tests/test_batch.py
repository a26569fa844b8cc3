import unittest
from datetime import date

from wickworks.batch import Batch, batch_label, candles
from wickworks.shelf import shelf_list

BATCHES = [
    Batch("SOY-031", "soy", date(2025, 3, 1), 24),
    Batch("BEE-007", "beeswax", date(2025, 2, 20), 12),
    Batch("SOY-030", "soy", date(2025, 2, 20), 18),
]


class BatchTests(unittest.TestCase):
    def test_label(self):
        self.assertEqual(batch_label(BATCHES[0]), "SOY-031  soy  poured 01 Mar 2025  x24")

    def test_bad_batches(self):
        with self.assertRaises(ValueError):
            Batch("GEL-001", "gel", date(2025, 3, 1), 5)
        with self.assertRaises(ValueError):
            Batch("SOY-032", "soy", date(2025, 3, 1), 0)

    def test_candles(self):
        self.assertEqual(candles(BATCHES), 54)
        self.assertEqual(candles(BATCHES, "soy"), 42)

    def test_shelf_oldest_first(self):
        lines = shelf_list(BATCHES)
        self.assertEqual([x.split()[0] for x in lines], ["BEE-007", "SOY-030", "SOY-031"])


if __name__ == "__main__":
    unittest.main()
