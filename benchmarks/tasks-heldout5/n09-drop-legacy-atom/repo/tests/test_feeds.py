import datetime
import json
import unittest

from feedgen import Entry, render_json_feed, render_rss

UTC = datetime.timezone.utc
ENTRIES = [
    Entry("r1", "Release 1.0", "https://ex.test/1", datetime.datetime(2026, 1, 5, tzinfo=UTC), "First"),
    Entry("r2", "Release 1.1 & fixes", "https://ex.test/2", datetime.datetime(2026, 2, 9, tzinfo=UTC), "<b>"),
]


class RssTests(unittest.TestCase):
    def test_newest_first_and_escaped(self):
        xml = render_rss("Notes", "https://ex.test/", ENTRIES)
        self.assertLess(xml.index("Release 1.1"), xml.index("Release 1.0"))
        self.assertIn("Release 1.1 &amp; fixes", xml)
        self.assertIn("&lt;b&gt;", xml)

    def test_limit(self):
        self.assertNotIn("Release 1.0", render_rss("Notes", "https://ex.test/", ENTRIES, limit=1))


class JsonFeedTests(unittest.TestCase):
    def test_items(self):
        doc = json.loads(render_json_feed("Notes", "https://ex.test/", ENTRIES))
        self.assertEqual([i["id"] for i in doc["items"]], ["r2", "r1"])
        self.assertEqual(doc["items"][1]["date_published"], "2026-01-05T00:00:00+00:00")
