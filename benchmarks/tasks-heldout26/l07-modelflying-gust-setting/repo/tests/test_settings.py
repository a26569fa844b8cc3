import os
import tempfile
import unittest

from flying.settings import load_settings


class SettingsTests(unittest.TestCase):
    def load(self, text):
        fd, path = tempfile.mkstemp(suffix=".toml")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            return load_settings(path)
        finally:
            os.remove(path)

    def test_defaults(self):
        s = self.load("")
        self.assertEqual((s["name"], s["runway_heading"], s["max_crosswind_mph"]), ("the field", 270, 10))

    def test_values(self):
        s = self.load('[field]\nname = "Top"\nrunway_heading = 90\n[limits]\nmax_crosswind_mph = 7\n')
        self.assertEqual((s["name"], s["runway_heading"], s["max_crosswind_mph"]), ("Top", 90, 7))


if __name__ == "__main__":
    unittest.main()
