import os
import tempfile
import unittest

from pinger.config import DEFAULTS, load_config


class ConfigTests(unittest.TestCase):
    def test_defaults_when_file_missing(self):
        self.assertEqual(load_config("/nonexistent/pinger.ini"), DEFAULTS)

    def test_override(self):
        fd, path = tempfile.mkstemp(suffix=".ini")
        with os.fdopen(fd, "w") as fh:
            fh.write("[pinger]\ninterval = 10\n")
        try:
            self.assertEqual(load_config(path)["interval"], 10)
        finally:
            os.remove(path)
