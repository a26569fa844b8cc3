import unittest

from zonetool import render_zone

CONFIG = {
    "origin": "test.",
    "default_ttl": 600,
    "soa": {"primary": "a.test.", "admin": "h.test.", "serial": 7,
            "refresh": 1, "retry": 2, "expire": 3, "minimum": 4},
    "nameservers": ["a.test.", "b.test."],
    "records": [("www", "A", "192.0.2.1")],
}


class RenderTests(unittest.TestCase):
    def test_render(self):
        text = render_zone(CONFIG)
        lines = text.splitlines()
        self.assertEqual(lines[:2], ["$ORIGIN test.", "$TTL 600"])
        self.assertIn("@ IN NS b.test.", lines)
        self.assertEqual(lines[-1], "www IN A 192.0.2.1")


if __name__ == "__main__":
    unittest.main()
