import os
import tempfile
import unittest

from detecting.finds import read_finds

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class FindsTests(unittest.TestCase):
    def test_reads_register(self):
        finds = read_finds(os.path.join(HERE, "finds.csv"))
        self.assertEqual(len(finds), 8)
        self.assertEqual(finds[1].material, "silver")

    def test_unknown_period(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "f.csv")
            with open(path, "w", encoding="utf-8") as f:
                f.write("ref,object,material,period,farm,found\nX1,coin,silver,Viking,Low Farm,2025-01-05\n")
            with self.assertRaises(ValueError):
                read_finds(path)


if __name__ == "__main__":
    unittest.main()
