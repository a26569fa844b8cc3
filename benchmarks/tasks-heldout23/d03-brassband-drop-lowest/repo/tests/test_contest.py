import unittest

from bandcontest.contest import read_sheet, result_lines

SHEET = """# Saturday, 2nd section
Slaithwaite: 88, 85, 92
Marsden Senior School: 91 79 87

Meltham & Meltham Mills: 86, 86, 86
"""


class ContestTests(unittest.TestCase):
    def test_read_sheet(self):
        results = read_sheet(SHEET.splitlines())
        self.assertEqual(results["Marsden Senior School"], [91, 79, 87])
        self.assertEqual(len(results), 3)

    def test_lines_with_discard(self):
        lines = result_lines(read_sheet(SHEET.splitlines()), discard=1, averages=True)
        self.assertEqual(lines[0], " 1  Slaithwaite                   180  (avg 90.0)")

    def test_missing_marks(self):
        with self.assertRaises(ValueError):
            read_sheet(["Hebden Bridge:"])


if __name__ == "__main__":
    unittest.main()
