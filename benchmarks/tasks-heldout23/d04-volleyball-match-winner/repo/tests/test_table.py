import unittest

from volleyball.table import read_results, table

RESULTS = """# week 3
Hexham Hawks v Corbridge: 25-21 25-19 25-17
Prudhoe Spikers v Hexham Hawks: 25-21 23-25 19-25 25-17 15-13
Corbridge v Prudhoe Spikers: 20-25 25-22 25-23 25-21
"""


class TableTests(unittest.TestCase):
    def test_table(self):
        rows = table(read_results(RESULTS.splitlines()))
        self.assertEqual(rows[0], ("Hexham Hawks", 2, 5, 3, 4))
        self.assertEqual([r[0] for r in rows], ["Hexham Hawks", "Corbridge", "Prudhoe Spikers"])


if __name__ == "__main__":
    unittest.main()
