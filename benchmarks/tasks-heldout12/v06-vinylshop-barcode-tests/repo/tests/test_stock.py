import os
import unittest

from crate.stock import find, load_stock, stock_value

HERE = os.path.dirname(os.path.abspath(__file__))
CSV = os.path.join(HERE, "..", "data", "stock.csv")


class StockTest(unittest.TestCase):
    def setUp(self):
        with open(CSV, newline="") as fh:
            self.stock = load_stock(fh)

    def test_loads_all(self):
        self.assertEqual(len(self.stock), 4)

    def test_find_with_spaces(self):
        self.assertEqual(find(self.stock, "5 099992 731103").title, "Animals")
        self.assertIsNone(find(self.stock, "4006381333931"))

    def test_value(self):
        self.assertEqual(stock_value(self.stock), 2200 + 3600 + 2500 + 4800)

    def test_bad_barcode_refused(self):
        lines = ["barcode,artist,title,price_cents,qty", "0756781641253,X,Y,100,1"]
        with self.assertRaises(ValueError):
            load_stock(lines)


if __name__ == "__main__":
    unittest.main()
