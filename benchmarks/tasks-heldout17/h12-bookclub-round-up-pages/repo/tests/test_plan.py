import unittest

from readingcircle.plan import pages_per_week, targets


class PagesPerWeekTest(unittest.TestCase):
    def test_even_split(self):
        self.assertEqual(pages_per_week(280, 7), 40)

    def test_uneven_split(self):
        self.assertEqual(pages_per_week(300, 7), 42)

    def test_zero_weeks_rejected(self):
        with self.assertRaises(ValueError):
            pages_per_week(300, 0)

    def test_negative_pages_rejected(self):
        with self.assertRaises(ValueError):
            pages_per_week(-1, 3)


class TargetsTest(unittest.TestCase):
    def test_one_row_per_week(self):
        self.assertEqual([week for week, _ in targets(300, 7)], [1, 2, 3, 4, 5, 6, 7])

    def test_even_book_is_finished(self):
        self.assertEqual(targets(280, 7)[-1], (7, 280))


if __name__ == "__main__":
    unittest.main()
