import unittest

from confmerge import from_environ, merge_configs


class MergeTests(unittest.TestCase):
    def test_nested(self):
        merged = merge_configs({"db": {"host": "a", "port": 1}}, {"db": {"port": 2}})
        self.assertEqual(merged, {"db": {"host": "a", "port": 2}})

    def test_inputs_untouched(self):
        base = {"a": {"b": 1}}
        merge_configs(base, {"a": {"b": 2}})
        self.assertEqual(base, {"a": {"b": 1}})

    def test_environ(self):
        self.assertEqual(from_environ({"APP_DB__HOST": "x", "HOME": "/"}), {"db": {"host": "x"}})
