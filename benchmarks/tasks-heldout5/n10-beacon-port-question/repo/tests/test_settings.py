import os
import tempfile
import unittest

from beacon.settings import load


class SettingsTests(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".ini")
        with os.fdopen(fd, "w") as fh:
            fh.write("[server]\nhost = 10.0.0.5\nport = 7001\n")

    def tearDown(self):
        os.remove(self.path)

    def test_file_overrides_defaults(self):
        s = load(self.path, env={})
        self.assertEqual((s["host"], s["port"], s["workers"]), ("10.0.0.5", 7001, 2))

    def test_environment_wins(self):
        s = load(self.path, env={"BEACON_PORT": "7100", "BEACON_WORKERS": "8"})
        self.assertEqual((s["port"], s["workers"]), (7100, 8))
