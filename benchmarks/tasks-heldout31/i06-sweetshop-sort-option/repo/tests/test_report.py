import unittest

from jars.report import report_lines
from jars.stock import Jar, needs_reorder


class ReportTest(unittest.TestCase):
    def test_reorder_flag(self):
        self.assertTrue(needs_reorder(Jar("Fudge", 499, 180)))
        self.assertFalse(needs_reorder(Jar("Fudge", 500, 180)))

    def test_lines_keep_order_and_count(self):
        lines = report_lines([Jar("B", 900, 100), Jar("A", 100, 90)])
        self.assertTrue(lines[0].startswith("B"))
        self.assertEqual(lines[-1], "2 jars, 1 to reorder")


if __name__ == "__main__":
    unittest.main()
