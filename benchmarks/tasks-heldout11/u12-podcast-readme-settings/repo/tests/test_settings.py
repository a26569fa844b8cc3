import os
import tempfile
import unittest

from castfeed.settings import DEFAULTS, load_settings


def _ini(text):
    fd, path = tempfile.mkstemp(suffix=".ini")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    return path


class SettingsTest(unittest.TestCase):
    def test_defaults(self):
        self.assertEqual(load_settings(), DEFAULTS)

    def test_override(self):
        path = _ini("[feed]\ntitle = Night Shift\nmax_episodes = 20\n")
        try:
            settings = load_settings(path)
        finally:
            os.remove(path)
        self.assertEqual((settings["title"], settings["max_episodes"]), ("Night Shift", 20))
        self.assertEqual(settings["language"], "en")

    def test_unknown_key(self):
        path = _ini("[feed]\nlang = fi\n")
        try:
            with self.assertRaises(ValueError):
                load_settings(path)
        finally:
            os.remove(path)


if __name__ == "__main__":
    unittest.main()
