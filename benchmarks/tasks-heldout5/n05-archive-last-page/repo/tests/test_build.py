import datetime
import unittest

from pressbox.build import build_archive, load_config, page_path
from pressbox.posts import Post, parse_post


class BuildTests(unittest.TestCase):
    def test_newest_first(self):
        posts = [Post("p%d" % d, "T", datetime.date(2026, 1, d), "") for d in (3, 1, 2)]
        self.assertEqual(build_archive(posts, 3), {"archive/index.html": ["p3", "p2", "p1"]})

    def test_page_paths(self):
        self.assertEqual(page_path(2), "archive/page/2/index.html")

    def test_parse_post(self):
        post = parse_post("title: Hello\ndate: 2026-03-14\nslug: hello\n\nBody.\n")
        self.assertEqual((post.slug, post.date.day, post.body), ("hello", 14, "Body."))

    def test_site_config(self):
        self.assertEqual(load_config()["posts_per_page"], 3)
