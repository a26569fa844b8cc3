import os
import unittest

from stamps.catalogue import read_catalogue, value_of

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class CatalogueTests(unittest.TestCase):
    def setUp(self):
        self.cat = read_catalogue(os.path.join(HERE, "catalogue.csv"))

    def test_mint_and_used(self):
        self.assertEqual(value_of(self.cat, "GB43"), 2500)
        self.assertEqual(value_of(self.cat, "gb43", "used"), 350)

    def test_damaged_is_a_fifth_of_used(self):
        self.assertEqual(value_of(self.cat, "NZ101", "damaged"), 220)
        self.assertEqual(value_of(self.cat, "GB215", condition="damaged"), 27)

    def test_damaged_never_below_five_pence(self):
        self.assertEqual(value_of(self.cat, "GB434", "damaged"), 5)

    def test_unknown_stamp(self):
        with self.assertRaises(KeyError):
            value_of(self.cat, "GB9999")

    def test_unknown_condition(self):
        with self.assertRaises(ValueError):
            value_of(self.cat, "GB43", "lovely")


if __name__ == "__main__":
    unittest.main()
