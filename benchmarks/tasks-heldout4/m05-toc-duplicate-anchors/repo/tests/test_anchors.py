import unittest

from mdtoc import anchor


class AnchorTests(unittest.TestCase):
    def test_simple(self):
        self.assertEqual(anchor("Getting Started"), "getting-started")

    def test_punctuation_dropped(self):
        self.assertEqual(anchor("What's new in v2.0?"), "whats-new-in-v20")

    def test_keeps_dashes_and_underscores(self):
        self.assertEqual(anchor("pre-commit & snake_case"), "pre-commit--snake_case")


if __name__ == "__main__":
    unittest.main()
