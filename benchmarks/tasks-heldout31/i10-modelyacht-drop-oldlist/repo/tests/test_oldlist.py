import os
import tempfile
import unittest

from yachts.fleet import Boat, parse_pipe_line
from yachts.oldlist import read_old_list


class OldListTest(unittest.TestCase):
    def test_parse_pipe_line(self):
        self.assertEqual(parse_pipe_line("7 | Kittiwake | iom | Dee"), Boat(7, "Kittiwake", "IOM", "Dee"))

    def test_read_old_list_skips_comments(self):
        fd, path = tempfile.mkstemp(suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("# header\n1 | A | IOM | X\n\n")
        try:
            self.assertEqual(len(read_old_list(path)), 1)
        finally:
            os.remove(path)


if __name__ == "__main__":
    unittest.main()
