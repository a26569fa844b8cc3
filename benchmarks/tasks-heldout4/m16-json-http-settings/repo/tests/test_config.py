import json
import os
import tempfile
import unittest

from feedreader.config import load_settings


class ConfigTests(unittest.TestCase):
    def test_defaults_load(self):
        s = load_settings(user_path=None)
        self.assertTrue(s.http.verify_tls)
        self.assertEqual(s.feeds.refresh_minutes, 30)
        self.assertEqual(len(s.feeds.urls), 2)

    def test_user_override_is_merged(self):
        fd, path = tempfile.mkstemp(suffix=".json")
        with os.fdopen(fd, "w") as fh:
            json.dump({"feeds": {"refresh_minutes": 5}}, fh)
        self.addCleanup(os.remove, path)
        s = load_settings(user_path=path)
        self.assertEqual(s.feeds.refresh_minutes, 5)
        self.assertEqual(s.feeds.max_items_per_feed, 200)


if __name__ == "__main__":
    unittest.main()
