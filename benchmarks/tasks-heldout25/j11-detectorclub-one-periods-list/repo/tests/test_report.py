import os
import unittest

from detecting.finds import read_finds
from detecting.report import by_period
from detecting.treasure import for_the_coroner

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ReportTests(unittest.TestCase):
    def setUp(self):
        self.finds = read_finds(os.path.join(HERE, "finds.csv"))

    def test_oldest_period_first(self):
        self.assertEqual(by_period(self.finds)[0], ("Bronze Age", 1))
        self.assertEqual(by_period(self.finds)[-1], ("Modern", 1))

    def test_treasure(self):
        self.assertEqual([f.ref for f in for_the_coroner(self.finds)], ["WD-0413", "WD-0418"])


if __name__ == "__main__":
    unittest.main()
