import unittest

from wordfreq import count_words, most_common


class CounterTests(unittest.TestCase):
    def test_counts(self):
        c = count_words("the cat and the hat")
        self.assertEqual(c["the"], 2)
        self.assertEqual(c["cat"], 1)

    def test_ignore_case_and_stopwords(self):
        c = count_words("The the THE cat", ignore_case=True, stopwords=["THE"])
        self.assertEqual(dict(c), {"cat": 1})

    def test_order(self):
        c = count_words("b a b c a b")
        self.assertEqual(most_common(c), [("b", 3), ("a", 2), ("c", 1)])


if __name__ == "__main__":
    unittest.main()
