import json
import os
import tempfile
import unittest

from parishmag.settings import DEFAULTS, load_settings


def write(tmp, data):
    path = os.path.join(tmp, "settings.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f)
    return path


class SettingsTests(unittest.TestCase):
    def test_defaults_fill_in(self):
        with tempfile.TemporaryDirectory() as tmp:
            s = load_settings(write(tmp, {"batch_size": 10}))
        self.assertEqual(s["batch_size"], 10)
        self.assertEqual(s["from_address"], DEFAULTS["from_address"])

    def test_unknown_key(self):
        with tempfile.TemporaryDirectory() as tmp:
            with self.assertRaises(ValueError):
                load_settings(write(tmp, {"bacth_size": 10}))

    def test_shipped_settings_load(self):
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        s = load_settings(os.path.join(here, "settings.json"))
        self.assertEqual(s["subject_prefix"], "[St Aldhelm's]")


if __name__ == "__main__":
    unittest.main()
