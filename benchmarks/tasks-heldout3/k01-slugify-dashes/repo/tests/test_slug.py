import unittest

from textkit import slugify


class SlugifyTests(unittest.TestCase):
    def test_simple_title(self):
        self.assertEqual(slugify("Hello World"), "hello-world")

    def test_punctuation_becomes_one_dash(self):
        self.assertEqual(slugify("Hello,  World!"), "hello-world")

    def test_accents_are_stripped(self):
        self.assertEqual(slugify("Café au lait"), "cafe-au-lait")

    def test_max_length(self):
        self.assertEqual(len(slugify("x" * 100)), 60)


if __name__ == "__main__":
    unittest.main()
