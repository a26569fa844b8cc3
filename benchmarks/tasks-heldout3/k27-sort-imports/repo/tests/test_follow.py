import os
import tempfile
import unittest

from logtail.follow import HIGHLIGHT, highlight, last_lines


class FollowTests(unittest.TestCase):
    def test_last_lines(self):
        fd, path = tempfile.mkstemp()
        with os.fdopen(fd, "w") as fh:
            fh.write("".join(f"line {i}\n" for i in range(50)))
        try:
            self.assertEqual(last_lines(path, 2), ["line 48\n", "line 49\n"])
        finally:
            os.remove(path)

    def test_highlight(self):
        self.assertEqual(highlight("an ERROR here\n", "ERROR"), HIGHLIGHT.format("an ERROR here") + "\n")
        self.assertEqual(highlight("fine\n", "ERROR"), "fine\n")
