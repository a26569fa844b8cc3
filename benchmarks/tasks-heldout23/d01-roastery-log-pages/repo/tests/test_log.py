import unittest
from datetime import date

from roastery.batches import Batch
from roastery.log import format_batch, newest_first, page, page_count


def batches(n):
    return [Batch(date(2025, 1, 1 + i // 3), 100 + i, "Bean %d" % i, "medium", 10.0, 8.5) for i in range(n)]


class PageCountTests(unittest.TestCase):
    def test_empty_log_has_one_page(self):
        self.assertEqual(page_count(0), 1)

    def test_part_filled_last_page(self):
        self.assertEqual(page_count(25), 3)
        self.assertEqual(page_count(7, per_page=5), 2)


class PageTests(unittest.TestCase):
    def test_page_is_never_longer_than_per_page(self):
        self.assertEqual(len(page(batches(30), 1)), 10)
        self.assertLessEqual(len(page(batches(12), 1, per_page=4)), 4)

    def test_page_zero_is_an_error(self):
        with self.assertRaises(ValueError):
            page(batches(5), 0)

    def test_per_page_must_be_positive(self):
        with self.assertRaises(ValueError):
            page(batches(5), 1, per_page=0)


class OrderTests(unittest.TestCase):
    def test_newest_first(self):
        ordered = newest_first(batches(7))
        self.assertEqual([b.number for b in ordered[:3]], [106, 105, 104])

    def test_format_batch(self):
        line = format_batch(batches(1)[0])
        self.assertTrue(line.startswith("2025-01-01  #100"))
        self.assertIn("(15.0% lost)", line)


if __name__ == "__main__":
    unittest.main()
