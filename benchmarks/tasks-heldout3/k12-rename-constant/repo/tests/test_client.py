import unittest

from fetcher import Client, FetchError


class ClientTests(unittest.TestCase):
    def test_success(self):
        client = Client(lambda url, timeout: "body of " + url)
        self.assertEqual(client.get("http://x"), "body of http://x")

    def test_gives_up(self):
        calls = []

        def down(url, timeout):
            calls.append(url)
            raise ConnectionError("refused")

        with self.assertRaises(FetchError):
            Client(down).get("http://x")
        self.assertEqual(len(calls), 5)

    def test_bad_attempts(self):
        with self.assertRaises(ValueError):
            Client(lambda u, t: "", attempts=0)
