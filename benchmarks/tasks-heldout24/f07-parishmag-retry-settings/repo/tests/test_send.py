import unittest
from unittest import mock

from parishmag import send
from parishmag.settings import DEFAULTS


class FlakyTransport:
    def __init__(self, failures):
        self.failures = failures
        self.calls = []

    def send(self, to, subject, body):
        self.calls.append(to)
        if self.calls.count(to) <= self.failures.get(to, 0):
            raise ConnectionError("no answer")


class SendTests(unittest.TestCase):
    @mock.patch("time.sleep")
    def test_retries_then_gives_up(self, sleep):
        t = FlakyTransport({"a@x.example": 1, "b@x.example": 5})
        sent, failed = send.send_issue(["a@x.example", "b@x.example"], ("May", "..."), t, dict(DEFAULTS))
        self.assertEqual(sent, ["a@x.example"])
        self.assertEqual(failed, ["b@x.example"])
        self.assertEqual(t.calls.count("b@x.example"), 3)
        self.assertEqual(sleep.call_count, 3)

    def test_subject(self):
        t = FlakyTransport({})
        t.send = mock.Mock()
        send.send_issue(["a@x.example"], ("May", "body"), t, dict(DEFAULTS))
        t.send.assert_called_once_with("a@x.example", "[Parish News] May", "body")


if __name__ == "__main__":
    unittest.main()
