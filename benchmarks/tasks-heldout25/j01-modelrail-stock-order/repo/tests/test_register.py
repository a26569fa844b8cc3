import os
import tempfile
import unittest

from modelrail.register import Vehicle, owned_by, read_stock

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class RegisterTests(unittest.TestCase):
    def test_reads_the_club_register(self):
        vehicles = read_stock(os.path.join(HERE, "stock.csv"))
        self.assertEqual(len(vehicles), 10)
        self.assertEqual(vehicles[0], Vehicle("60103", "Flying Scotsman", "loco", "LNER apple green", "Dave Kerr"))

    def test_unknown_kind(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "r.csv")
            with open(path, "w", encoding="utf-8") as f:
                f.write("number,name,kind,livery,owner\n1,Tram,tram,red,Jo\n")
            with self.assertRaises(ValueError):
                read_stock(path)

    def test_owned_by_any_case(self):
        vehicles = read_stock(os.path.join(HERE, "stock.csv"))
        self.assertEqual(len(owned_by(vehicles, "pat lowe")), 3)


if __name__ == "__main__":
    unittest.main()
