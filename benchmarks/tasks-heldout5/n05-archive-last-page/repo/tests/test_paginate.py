import unittest

from pressbox.paginate import page_count, paginate


class PaginateTests(unittest.TestCase):
    def test_exact_multiple(self):
        self.assertEqual(paginate(range(6), 3), [[0, 1, 2], [3, 4, 5]])
        self.assertEqual(page_count(6, 3), 2)

    def test_empty_site_still_has_one_page(self):
        self.assertEqual(page_count(0, 3), 1)
        self.assertEqual(paginate([], 3), [[]])

    def test_bad_per_page(self):
        with self.assertRaises(ValueError):
            page_count(5, 0)
