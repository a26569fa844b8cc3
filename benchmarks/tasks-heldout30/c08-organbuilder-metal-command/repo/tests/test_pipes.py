import os
import tempfile
import unittest

from organ.pipes import by_rank, load_pipes

CSV = "rank,note,length_mm,metal\nA,C,100,Tin\n,,,\nB,C,50,zinc\nA,G,70,tin\n"


class PipesTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(CSV)

    def tearDown(self):
        os.remove(self.path)

    def test_load(self):
        pipes = load_pipes(self.path)
        self.assertEqual([p.metal for p in pipes], ["tin", "zinc", "tin"])

    def test_by_rank(self):
        self.assertEqual(list(by_rank(load_pipes(self.path))), ["A", "B"])


if __name__ == "__main__":
    unittest.main()
