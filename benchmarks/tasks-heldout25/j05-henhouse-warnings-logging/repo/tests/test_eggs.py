import contextlib
import datetime
import io
import os
import unittest

from henhouse.eggs import missing_days, read_log
from henhouse.flock import FLOCK

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class EggLogTests(unittest.TestCase):
    def read(self):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return read_log(os.path.join(HERE, "eggs.csv"), FLOCK)

    def test_good_rows_kept(self):
        counts = self.read()
        self.assertEqual(counts[(datetime.date(2025, 4, 7), "Bess")], 1)
        self.assertEqual(sum(counts.values()), 10)

    def test_bad_rows_skipped(self):
        counts = self.read()
        self.assertNotIn((datetime.date(2025, 4, 9), "Bess"), counts)
        self.assertNotIn((datetime.date(2025, 4, 10), "Dottie"), counts)
        self.assertNotIn((datetime.date(2025, 4, 11), "Hattie"), counts)

    def test_missing_days(self):
        counts = self.read()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            gaps = missing_days(counts, datetime.date(2025, 4, 7), datetime.date(2025, 4, 13))
        self.assertEqual(gaps, [datetime.date(2025, 4, 12)])


if __name__ == "__main__":
    unittest.main()
