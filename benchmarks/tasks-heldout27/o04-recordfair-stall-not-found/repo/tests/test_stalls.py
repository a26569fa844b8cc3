import os
import tempfile
import unittest

from fair.plan import describe
from fair.stalls import find_stall, hall_of, load_stalls

CSV = "ref,trader,genre,tables\na1,Dusty Grooves,jazz,2\nB4,Needle Time,punk,1\n"


class StallsTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w") as f:
            f.write(CSV)
        self.stalls = load_stalls(self.path)

    def tearDown(self):
        os.remove(self.path)

    def test_find_any_case(self):
        self.assertEqual(find_stall(self.stalls, "b4").trader, "Needle Time")

    def test_hall(self):
        self.assertEqual(hall_of(find_stall(self.stalls, "A1")), "Main hall")

    def test_describe(self):
        self.assertTrue(describe(find_stall(self.stalls, "B4")).endswith("1 table, Gallery"))


if __name__ == "__main__":
    unittest.main()
