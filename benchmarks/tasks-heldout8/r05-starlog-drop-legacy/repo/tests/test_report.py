import unittest

from starlog import best_night, load_log, summary

LOG = """
2026-02-11 21:40 M42 seeing=3 nebulosity
2026-02-11 22:05 M45 seeing=2
2026-02-14 20:30 M42 seeing=4 trapezium split
2026-02-14 23:10 M57 seeing=5 ring obvious
""".splitlines()


class ReportTest(unittest.TestCase):
    def test_best_night(self):
        self.assertEqual(best_night(load_log(LOG)), "2026-02-14")
        self.assertIsNone(best_night([]))

    def test_summary(self):
        lines = summary(load_log(LOG)).splitlines()
        self.assertEqual(len(lines), 3)
        self.assertTrue(lines[0].startswith("M42  nebula"))
        self.assertIn("x2", lines[0])


if __name__ == "__main__":
    unittest.main()
