import unittest

from mockapi.handler import load_fixture
from mockapi.server import resolve_port


class ServerTests(unittest.TestCase):
    def test_fixture(self):
        self.assertEqual(load_fixture("health"), {"status": "ok"})
        self.assertIsNone(load_fixture("nope"))

    def test_port_precedence(self):
        self.assertEqual(resolve_port(9000, {"MOCKAPI_PORT": "9100"}), 9000)
        self.assertEqual(resolve_port(None, {"MOCKAPI_PORT": "9100"}), 9100)


if __name__ == "__main__":
    unittest.main()
