import unittest

from sails.cutlist import area, panels
from sails.invoice import price
from sails.orders import parse_sail


class SailsTest(unittest.TestCase):
    def test_parse_checks_kind(self):
        with self.assertRaises(ValueError):
            parse_sail("X1, mizzen, 5, 2, dacron")

    def test_area_and_panels(self):
        s = parse_sail("X2, jib, 8, 2.5, dacron")
        self.assertEqual((area(s), panels(s)), (10.0, 3))

    def test_price(self):
        self.assertEqual(price(parse_sail("X3, main, 10, 4, laminate")), 20 * 72 + 240)


if __name__ == "__main__":
    unittest.main()
