import unittest
from datetime import date

from blogengine import load_post, render_post


class PostTests(unittest.TestCase):
    def test_front_matter(self):
        post = load_post("---\ntitle: Hello\ndate: 2024-03-01\n---\nFirst.\n\nSecond.", "hello")
        self.assertEqual(post.title, "Hello")
        self.assertEqual(post.published, date(2024, 3, 1))

    def test_render_escapes(self):
        post = load_post("a < b", "x")
        self.assertIn("<p>a &lt; b</p>", render_post(post))


if __name__ == "__main__":
    unittest.main()
