import unittest

from deployer.settings import parse_settings


class ParseSettingsTests(unittest.TestCase):
    def test_defaults_are_merged(self):
        raw = {"defaults": {"user": "u", "path": "/p"}, "targets": {"s": {"host": "h"}}}
        self.assertEqual(parse_settings(raw)["s"], {"user": "u", "path": "/p", "host": "h"})

    def test_missing_key(self):
        with self.assertRaises(ValueError):
            parse_settings({"targets": {"s": {"host": "h"}}})
