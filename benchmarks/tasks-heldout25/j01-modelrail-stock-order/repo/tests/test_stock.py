import unittest

from modelrail.register import Vehicle
from modelrail.stock import listing, liveries


def v(number, name, livery="BR green"):
    return Vehicle(number, name, "loco", livery, "Jo")


class StockTests(unittest.TestCase):
    def test_listed_by_name_then_number(self):
        vehicles = [v("3", "Tornado"), v("2", "Black Five"), v("1", "Black Five")]
        self.assertEqual([x.number for x in listing(vehicles)], ["1", "2", "3"])

    def test_liveries_once_each(self):
        vehicles = [v("1", "A", "GWR green"), v("2", "B", "BR blue"), v("3", "C", "GWR green")]
        self.assertEqual(liveries(vehicles), ["BR blue", "GWR green"])


if __name__ == "__main__":
    unittest.main()
