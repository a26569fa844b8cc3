import unittest

from uploader import settings


class SettingsTests(unittest.TestCase):
    def test_loads_shipped_file(self):
        s = settings.load()
        self.assertIsInstance(s["server"]["timeout"], int)
        self.assertGreater(s["upload"]["max_parallel"], 0)

    def test_merge_is_deep(self):
        merged = settings._merge({"a": {"x": 1, "y": 2}}, {"a": {"y": 3}})
        self.assertEqual(merged, {"a": {"x": 1, "y": 3}})
