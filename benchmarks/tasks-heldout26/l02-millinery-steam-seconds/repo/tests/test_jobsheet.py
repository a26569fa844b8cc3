import unittest

from hats.jobsheet import sheet


class JobsheetTests(unittest.TestCase):
    def test_one_line_per_job_and_a_total(self):
        lines = sheet([("A", "felt", 2), ("B", "straw", 1)])
        self.assertEqual(len(lines), 4)
        self.assertTrue(lines[0].startswith("Steam: "))
        self.assertTrue(lines[-1].startswith("Total on the blocks: "))


if __name__ == "__main__":
    unittest.main()
