import unittest

from routekit import compile_pattern


class PatternTests(unittest.TestCase):
    def test_static(self):
        self.assertEqual(compile_pattern("/about").match("/about"), {})
        self.assertIsNone(compile_pattern("/about").match("/about/"))

    def test_int(self):
        m = compile_pattern("/users/<int:user_id>")
        self.assertEqual(m.match("/users/42"), {"user_id": 42})
        self.assertIsNone(m.match("/users/abc"))

    def test_default_str(self):
        m = compile_pattern("/tags/<name>")
        self.assertEqual(m.match("/tags/py.3"), {"name": "py.3"})
        self.assertIsNone(m.match("/tags/a/b"))

    def test_path_and_slug(self):
        self.assertEqual(compile_pattern("/f/<path:rest>").match("/f/a/b.txt"), {"rest": "a/b.txt"})
        self.assertIsNone(compile_pattern("/p/<slug:s>").match("/p/Hello"))

    def test_errors(self):
        with self.assertRaises(ValueError):
            compile_pattern("/x/<float:n>")
        with self.assertRaises(ValueError):
            compile_pattern("/<a>/<a>")


if __name__ == "__main__":
    unittest.main()
