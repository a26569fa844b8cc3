import os
import tempfile
import unittest

from coop.orders import grand_total, import_orders


def sheet(text):
    tmp = tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, encoding="utf-8")
    tmp.write("member,item,quantity\n" + text)
    tmp.close()
    return tmp.name


class ImportTests(unittest.TestCase):
    def tearDown(self):
        for p in getattr(self, "paths", []):
            os.unlink(p)

    def load(self, text):
        self.paths = getattr(self, "paths", []) + [sheet(text)]
        return import_orders(self.paths[-1])

    def test_totals(self):
        orders = self.load("Ann,oats,5\nAnn,Oats,2\nBo,olive oil,5\n")
        self.assertEqual(orders["Ann"]["items"], {"oats": 7})
        self.assertEqual(orders["Ann"]["total"], 1260)
        self.assertEqual(orders["Bo"]["subtotal"], 5750)
        self.assertEqual(orders["Bo"]["discount"], 287)
        self.assertEqual(grand_total(orders), 1260 + 5463)

    def test_bad_lines(self):
        for text in ["Ann,oats,two\n", "Ann,oats,0\n", ",oats,1\n", "Ann,caviar,1\n"]:
            with self.assertRaises(ValueError):
                self.load(text)


if __name__ == "__main__":
    unittest.main()
