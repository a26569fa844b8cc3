import os
import tempfile
import unittest

from zonetool import load_config

HERE = os.path.dirname(os.path.abspath(__file__))
SHIPPED = os.path.join(HERE, "..", "zonetool.ini")

MINIMAL = """[zone]
origin = test.
default_ttl = 60
[soa]
primary = a.test.
admin = h.test.
serial = 1
refresh = 1
retry = 2
expire = 3
minimum = 4
[nameservers]
a = a.test.
b = b.test.
"""


class ConfigTests(unittest.TestCase):
    def load_text(self, text):
        fd, path = tempfile.mkstemp(suffix=".ini")
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        try:
            return load_config(path)
        finally:
            os.remove(path)

    def test_minimal(self):
        cfg = self.load_text(MINIMAL)
        self.assertEqual(cfg["default_ttl"], 60)
        self.assertEqual(cfg["nameservers"], ["a.test.", "b.test."])
        self.assertEqual(cfg["records"], [])

    def test_needs_two_nameservers(self):
        with self.assertRaises(ValueError):
            self.load_text(MINIMAL.replace("b = b.test.\n", ""))

    def test_shipped_file_is_valid(self):
        cfg = load_config(SHIPPED)
        self.assertEqual(cfg["origin"], "example.com.")
        self.assertTrue(all(ns.endswith(".") for ns in cfg["nameservers"]))


if __name__ == "__main__":
    unittest.main()
