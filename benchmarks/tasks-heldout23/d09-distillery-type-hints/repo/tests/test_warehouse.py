import unittest
from datetime import date

from distillery.casks import read_casks
from distillery.warehouse import estimate, warehouse_lines

CASKS = read_casks(["101, bourbon, 2019-06-14, 200, 63.5", "103, bourbon, , 200, 0",
                    "104, port, 2015-03-01, 225, 62.8"])
ON = date(2025, 1, 1)


class WarehouseTests(unittest.TestCase):
    def test_estimate(self):
        left, n = estimate(CASKS[0], ON)
        self.assertEqual(left, 180.8)
        self.assertEqual(n, 345)

    def test_lines(self):
        lines = warehouse_lines(CASKS, ON)
        self.assertTrue(lines[0].startswith("#104 port cask"))
        self.assertTrue(lines[2].endswith("empty"))
        self.assertEqual(lines[-1], "Filled: bourbon 400 l, port 225 l")

    def test_ready_only(self):
        self.assertEqual(len(warehouse_lines(CASKS, date(2022, 6, 14), only_ready=True)), 3)


if __name__ == "__main__":
    unittest.main()
