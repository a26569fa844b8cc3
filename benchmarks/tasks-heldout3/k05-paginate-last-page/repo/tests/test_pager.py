import unittest

from catalog.pager import paginate, total_pages


class TotalPagesTests(unittest.TestCase):
    def test_exact_fit(self):
        self.assertEqual(total_pages(20, 10), 2)

    def test_partial_last_page(self):
        self.assertEqual(total_pages(25, 10), 3)

    def test_empty_has_one_page(self):
        self.assertEqual(total_pages(0, 10), 1)


class PaginateTests(unittest.TestCase):
    def test_first_page(self):
        page = paginate(list(range(25)), 1)
        self.assertEqual(page.items, list(range(10)))
        self.assertTrue(page.has_next)

    def test_out_of_range(self):
        with self.assertRaises(ValueError):
            paginate(list(range(5)), 2)
