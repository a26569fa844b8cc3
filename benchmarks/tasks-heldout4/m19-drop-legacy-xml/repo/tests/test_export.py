import json
import unittest

from bookmarks import Bookmark
from bookmarks.export import export

MARKS = [Bookmark("https://a.example/?q=1&r=2", "A & B", ["x", "y"]),
         Bookmark("https://c.example", "C")]


class ExportTests(unittest.TestCase):
    def test_json(self):
        data = json.loads(export(MARKS, "json"))
        self.assertEqual(data[0]["tags"], ["x", "y"])

    def test_html_escapes(self):
        out = export(MARKS, "html")
        self.assertIn("A &amp; B", out)
        self.assertIn("q=1&amp;r=2", out)

    def test_unknown_format(self):
        with self.assertRaises(ValueError):
            export(MARKS, "pdf")


if __name__ == "__main__":
    unittest.main()
