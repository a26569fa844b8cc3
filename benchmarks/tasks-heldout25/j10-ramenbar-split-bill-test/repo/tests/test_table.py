import os
import tempfile
import unittest

from ramen.table import pounds, read_order


class TableTests(unittest.TestCase):
    def test_read_order(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "o.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write("# t1\n3 x Gyoza\nshoyu\n\n")
            self.assertEqual(read_order(path), ["gyoza", "gyoza", "gyoza", "shoyu"])

    def test_pounds(self):
        self.assertEqual(pounds(1205), "£12.05")


if __name__ == "__main__":
    unittest.main()
