import os
import tempfile
import unittest

from jumping.rounds import Round, load_rounds, ranked


class RoundsTest(unittest.TestCase):
    def test_ranked(self):
        rounds = [Round("A", "a", 4, 30.0), Round("B", "b", 0, 50.0), Round("C", "c", 0, 45.5)]
        self.assertEqual([r.rider for r in ranked(rounds)], ["C", "B", "A"])

    def test_load(self):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("rider,horse,faults,time\n Kit ,Pip,4,38.5\n")
        try:
            self.assertEqual(load_rounds(path), [Round("Kit", "Pip", 4, 38.5)])
        finally:
            os.remove(path)


if __name__ == "__main__":
    unittest.main()
