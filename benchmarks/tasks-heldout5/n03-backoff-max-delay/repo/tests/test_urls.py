import unittest

from fetchkit.urls import join_url, with_query


class UrlTests(unittest.TestCase):
    def test_join(self):
        self.assertEqual(join_url("https://api.example.com/v2/", "/users", 7),
                         "https://api.example.com/v2/users/7")

    def test_query_sorted_and_none_dropped(self):
        self.assertEqual(with_query("https://x.test/a", {"z": 1, "a": "b", "n": None}),
                         "https://x.test/a?a=b&z=1")
