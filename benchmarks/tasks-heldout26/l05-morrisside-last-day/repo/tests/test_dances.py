import os
import tempfile
import unittest
from datetime import date

from morris.dances import read_dances


class ReadTests(unittest.TestCase):
    def test_sorted_by_day(self):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("date,venue,start,fee\n2025-06-07,B,10:00,0\n2025-05-03,A,19:30,120\n")
        try:
            dances = read_dances(path)
        finally:
            os.remove(path)
        self.assertEqual([d.day for d in dances], [date(2025, 5, 3), date(2025, 6, 7)])
        self.assertEqual(dances[1].fee, 0)


if __name__ == "__main__":
    unittest.main()
