import os
import tempfile
import unittest

from sandpit.pits import Pit, load_pits
from sandpit.sand import bags


class SandTest(unittest.TestCase):
    def test_whole_bags(self):
        self.assertEqual(bags(25), 1)
        self.assertEqual(bags(25.5), 2)
        self.assertEqual(bags(0), 0)

    def test_load_pits(self):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("site,side_cm,depth_cm\n Oak Class ,100,20\n")
        try:
            self.assertEqual(load_pits(path), [Pit("Oak Class", 100, 20)])
        finally:
            os.remove(path)


if __name__ == "__main__":
    unittest.main()
