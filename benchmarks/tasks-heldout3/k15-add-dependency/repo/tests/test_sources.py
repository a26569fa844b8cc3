import os
import tempfile
import unittest

from feedreader.sources import read_sources


class SourcesTests(unittest.TestCase):
    def test_skips_comments_and_blanks(self):
        fd, path = tempfile.mkstemp()
        with os.fdopen(fd, "w") as fh:
            fh.write("# feeds\n\nhttps://a.example/rss\n  https://b.example/atom  \n")
        try:
            self.assertEqual(read_sources(path), ["https://a.example/rss", "https://b.example/atom"])
        finally:
            os.remove(path)
