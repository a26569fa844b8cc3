import tempfile
import unittest
from pathlib import Path

from mdlinks.scan import broken_links, links_in


class ScanTests(unittest.TestCase):
    def test_links_in_skips_code_fences(self):
        text = "[a](a.md)\n```\n[b](b.md)\n```\n"
        self.assertEqual(list(links_in(text)), ["a.md"])

    def test_broken(self):
        with tempfile.TemporaryDirectory() as d:
            (Path(d) / "ok.md").write_text("x")
            page = Path(d) / "index.md"
            page.write_text("[ok](ok.md) [bad](missing.md#top) [web](https://x.org)")
            self.assertEqual(broken_links(page), ["missing.md#top"])
