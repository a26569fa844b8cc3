import importlib.util
import unittest

from bookmarks import Bookmark
from bookmarks.export import export

HAVE_LXML = importlib.util.find_spec("lxml") is not None


@unittest.skipUnless(HAVE_LXML, "lxml not installed")
class LegacyXmlTests(unittest.TestCase):
    def test_xml_export(self):
        out = export([Bookmark("https://a.example", "A", ["t"])], "xml")
        self.assertIn('<bookmark href="https://a.example">', out)
        self.assertIn("<desc>tags: t</desc>", out)


if __name__ == "__main__":
    unittest.main()
