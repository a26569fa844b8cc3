import unittest

from docsearch import Index


class IndexTests(unittest.TestCase):
    def test_search_within_chunk(self):
        idx = Index(chunk_size=3)
        idx.add("d1", "alpha beta gamma delta epsilon")
        idx.add("d2", "beta alpha")
        self.assertEqual(idx.search("alpha beta"), ["d1", "d2"])
        self.assertEqual(idx.search("gamma delta"), [])


if __name__ == "__main__":
    unittest.main()
