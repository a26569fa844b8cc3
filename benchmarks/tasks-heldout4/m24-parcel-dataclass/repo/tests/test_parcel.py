import unittest
from decimal import Decimal

from shipcalc import Parcel, quote


class ParcelTests(unittest.TestCase):
    def test_volumetric(self):
        p = Parcel(1, 50, 40, 30)
        self.assertEqual(p.volume_cm3(), 60000)
        self.assertEqual(p.volumetric_weight(), 12.0)
        self.assertEqual(p.billable_weight(), 12.0)

    def test_equality_and_repr(self):
        self.assertEqual(Parcel(2, 10, 10, 10), Parcel(2, 10, 10, 10))
        self.assertNotEqual(Parcel(2, 10, 10, 10), Parcel(2, 10, 10, 10, fragile=True))
        self.assertEqual(repr(Parcel(2, 10, 10, 10)),
                         "Parcel(weight_kg=2, length_cm=10, width_cm=10, height_cm=10, fragile=False)")

    def test_validation(self):
        with self.assertRaises(ValueError):
            Parcel(0, 10, 10, 10)
        with self.assertRaises(ValueError):
            Parcel(1, 10, -1, 10)


class QuoteTests(unittest.TestCase):
    def test_eu(self):
        self.assertEqual(quote(Parcel(2.5, 40, 30, 20), "EU"), Decimal("20.52"))

    def test_fragile(self):
        self.assertEqual(quote(Parcel(1, 10, 10, 10, fragile=True)), Decimal("6.38"))

    def test_unknown_zone(self):
        with self.assertRaises(ValueError):
            quote(Parcel(1, 1, 1, 1), "MARS")


if __name__ == "__main__":
    unittest.main()
