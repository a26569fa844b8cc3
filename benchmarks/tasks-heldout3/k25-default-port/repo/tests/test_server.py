import unittest

from statusd.server import settings


class SettingsTests(unittest.TestCase):
    def test_env_overrides_port(self):
        self.assertEqual(settings({"STATUSD_PORT": "9000"})["port"], 9000)

    def test_env_overrides_host(self):
        self.assertEqual(settings({"STATUSD_HOST": "0.0.0.0"})["host"], "0.0.0.0")
