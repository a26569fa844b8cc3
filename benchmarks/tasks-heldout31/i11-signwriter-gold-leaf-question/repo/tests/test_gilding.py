import unittest

from signs.gilding import books, leaves, letters


class GildingTest(unittest.TestCase):
    def test_letters_skip_spaces_and_marks(self):
        self.assertEqual(letters("YE OLDE SHOPPE!"), 12)

    def test_books(self):
        self.assertEqual(books(25), 1)
        self.assertEqual(books(26), 2)

    def test_small_sign(self):
        self.assertEqual(leaves("INN", 100), 3)


if __name__ == "__main__":
    unittest.main()
