import unittest
from collections import namedtuple

from fetchkit.retry import backoff_schedule, call_with_retry, should_retry

Resp = namedtuple("Resp", "status")


class ScheduleTests(unittest.TestCase):
    def test_default_schedule(self):
        self.assertEqual(backoff_schedule(4), [0.5, 1.0, 2.0, 4.0])

    def test_zero_attempts(self):
        self.assertEqual(backoff_schedule(0), [])

    def test_negative_attempts(self):
        with self.assertRaises(ValueError):
            backoff_schedule(-1)


class CallTests(unittest.TestCase):
    def test_retries_until_success(self):
        replies = iter([Resp(503), Resp(429), Resp(200)])
        slept = []
        got = call_with_retry(lambda: next(replies), sleep=slept.append)
        self.assertEqual(got.status, 200)
        self.assertEqual(slept, [0.5, 1.0])

    def test_client_errors_not_retried(self):
        self.assertFalse(should_retry(404))
        self.assertTrue(should_retry(502))
