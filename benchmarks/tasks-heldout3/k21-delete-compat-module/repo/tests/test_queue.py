import tempfile
import unittest

from mailq import MailQueue, Message


class QueueTests(unittest.TestCase):
    def test_put_and_flush(self):
        with tempfile.TemporaryDirectory() as d:
            q = MailQueue(d)
            q.put(Message("a@example.com", "hi", "body"))
            q.put(Message("b@example.com", "yo", "body"))
            seen = []
            self.assertEqual(q.flush(seen.append), 2)
            self.assertEqual(sorted(m.to for m in seen), ["a@example.com", "b@example.com"])
            self.assertEqual(q.pending(), [])
