import unittest

from quiver.scoring import arrow_value, end_total, hits, sort_end, x_count


class ArrowValueTest(unittest.TestCase):
    def test_numbers(self):
        self.assertEqual(arrow_value("7"), 7)
        self.assertEqual(arrow_value(" 10 "), 10)

    def test_letters(self):
        self.assertEqual(arrow_value("X"), 10)
        self.assertEqual(arrow_value("m"), 0)

    def test_unknown(self):
        with self.assertRaises(ValueError):
            arrow_value("11")


class EndTest(unittest.TestCase):
    def test_total(self):
        self.assertEqual(end_total(["10", "9", "8"]), 27)
        self.assertEqual(end_total(["7", "M", "5"]), 12)

    def test_x_count(self):
        self.assertEqual(x_count(["X", "10", "X"]), 2)
        self.assertEqual(x_count(["9", "9", "8"]), 0)

    def test_hits(self):
        self.assertEqual(hits(["M", "3", "M"]), 1)

    def test_sort(self):
        self.assertEqual(sort_end(["9", "M", "X", "10"]), ["X", "10", "9", "M"])


if __name__ == "__main__":
    unittest.main()
