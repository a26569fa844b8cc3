import unittest

from bindery.imposition import blank_pages, booklet_order, paper_weight_g, sheets_for


class SheetTests(unittest.TestCase):
    def test_sheets(self):
        self.assertEqual(sheets_for(0), 0)
        self.assertEqual(sheets_for(4), 1)
        self.assertEqual(sheets_for(10), 3)

    def test_negative(self):
        with self.assertRaises(ValueError):
            sheets_for(-1)

    def test_blanks(self):
        self.assertEqual(blank_pages(10), 2)
        self.assertEqual(blank_pages(12), 0)

    def test_weight(self):
        self.assertEqual(paper_weight_g(16), 22.5)


class BookletTests(unittest.TestCase):
    def test_eight_pages(self):
        self.assertEqual(booklet_order(8), [(8, 1), (2, 7), (6, 3), (4, 5)])

    def test_blanks_at_end(self):
        self.assertEqual(booklet_order(6), [(None, 1), (2, None), (6, 3), (4, 5)])


if __name__ == "__main__":
    unittest.main()
