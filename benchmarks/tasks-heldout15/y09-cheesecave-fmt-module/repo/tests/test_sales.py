import unittest
from datetime import date

from cavekeeper.sales import _months_days, _weight, price_line, price_pence
from cavekeeper.wheels import Wheel

TODAY = date(2025, 2, 3)


class SalesTests(unittest.TestCase):
    def test_helpers(self):
        self.assertEqual(_weight(999), "999 g")
        self.assertEqual(_months_days(30), "1 mo 0 d")

    def test_young_and_mature(self):
        self.assertEqual(price_pence(Wheel("BL-003", "blue", date(2024, 12, 20), 2400), TODAY), 6240)
        self.assertEqual(price_pence(Wheel("GR-014", "alpine", date(2024, 6, 1), 12350), TODAY), 39520)

    def test_line(self):
        line = price_line(Wheel("GR-014", "alpine", date(2024, 6, 1), 12350), TODAY)
        self.assertEqual(line, "GR-014  12.35 kg at 32.00/kg = 395.20  (8 mo 7 d)")


if __name__ == "__main__":
    unittest.main()
