import unittest
from datetime import date

from tasklog import Task, TaskList


class TaskTests(unittest.TestCase):
    def test_parse_and_format_roundtrip(self):
        line = "[ ] 2024-05-01 renew passport #admin"
        t = Task.parse(line)
        self.assertEqual(t.due, date(2024, 5, 1))
        self.assertEqual(t.tags, ["admin"])
        self.assertEqual(t.format(), line)

    def test_parse_without_due(self):
        t = Task.parse("[x] call grandma")
        self.assertTrue(t.done)
        self.assertIsNone(t.due)


class TaskListTests(unittest.TestCase):
    def setUp(self):
        self.tl = TaskList([
            Task("a", date(2024, 1, 1), tags=["x"]),
            Task("b", None, tags=["y"]),
            Task("c", date(2024, 2, 1), done=True, tags=["x"]),
        ])

    def test_pending(self):
        self.assertEqual([t.title for t in self.tl.pending()], ["a", "b"])

    def test_complete(self):
        self.tl.complete("a")
        self.assertEqual([t.title for t in self.tl.pending()], ["b"])
        with self.assertRaises(KeyError):
            self.tl.complete("zzz")

    def test_by_tag(self):
        self.assertEqual([t.title for t in self.tl.by_tag("x")], ["a", "c"])


if __name__ == "__main__":
    unittest.main()
