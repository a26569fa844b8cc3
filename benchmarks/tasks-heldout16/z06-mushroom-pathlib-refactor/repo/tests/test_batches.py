import unittest

from sporelog.batches import Batch
from sporelog.yields import best_flush, biological_efficiency, total_grams


class BatchTest(unittest.TestCase):
    def test_round_trip(self):
        b = Batch("OY-07", "blue oyster", 2.5, "2026-03-02", [820, 540])
        self.assertEqual(Batch.from_lines(b.to_lines()), b)

    def test_no_flushes_yet(self):
        b = Batch("LM-01", "lion's mane", 1.5, "2026-04-10")
        self.assertEqual(Batch.from_lines(b.to_lines()).flushes, [])


class YieldTest(unittest.TestCase):
    def test_yields(self):
        b = Batch("OY-07", "blue oyster", 2.5, "2026-03-02", [820, 540, 910])
        self.assertEqual(total_grams(b), 2270)
        self.assertEqual(biological_efficiency(b), 90.8)
        self.assertEqual(best_flush(b), (3, 910))
        self.assertIsNone(best_flush(Batch("x", "y", 1, "2026-01-01")))


if __name__ == "__main__":
    unittest.main()
