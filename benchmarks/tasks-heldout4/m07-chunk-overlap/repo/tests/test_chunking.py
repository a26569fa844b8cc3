import unittest

from docsearch import chunk_words


class ChunkTests(unittest.TestCase):
    def test_even_split(self):
        self.assertEqual(chunk_words("a b c d", size=2), ["a b", "c d"])

    def test_remainder(self):
        self.assertEqual(chunk_words("a b c d e", size=2), ["a b", "c d", "e"])

    def test_whitespace_normalised(self):
        self.assertEqual(chunk_words("  a\n\tb   c ", size=5), ["a b c"])

    def test_empty(self):
        self.assertEqual(chunk_words("", size=3), [])

    def test_bad_size(self):
        with self.assertRaises(ValueError):
            chunk_words("a", size=0)
