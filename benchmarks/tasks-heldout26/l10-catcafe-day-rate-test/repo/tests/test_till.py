import os
import tempfile
import unittest

from catcafe.till import read_group


class TillTests(unittest.TestCase):
    def test_names_with_spaces(self):
        fd, path = tempfile.mkstemp()
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("Baby Rose 1 150\nJoe 41 75\n")
        try:
            self.assertEqual(read_group(path), [("Baby Rose", 1, 150), ("Joe", 41, 75)])
        finally:
            os.remove(path)


if __name__ == "__main__":
    unittest.main()
