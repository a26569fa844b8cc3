import unittest

from textkit import shorten


class ShortenTests(unittest.TestCase):
    def test_short_text_untouched(self):
        self.assertEqual(shorten("hi there", 20), "hi there")

    def test_long_text_cut(self):
        self.assertEqual(shorten("a long sentence", 8), "a long…")


if __name__ == "__main__":
    unittest.main()
