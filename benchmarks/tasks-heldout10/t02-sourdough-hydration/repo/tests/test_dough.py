import unittest

from crumb.dough import bakers_percentages, salt_ok, total_weight
from crumb.recipes import COUNTRY_LOAF, RYE_TIN


class DoughTests(unittest.TestCase):
    def test_total_weight(self):
        self.assertEqual(total_weight(COUNTRY_LOAF), 970)

    def test_bakers_percentages(self):
        pct = bakers_percentages(COUNTRY_LOAF)
        self.assertEqual(pct["flour"], 100.0)
        self.assertEqual(pct["water"], 72.0)
        self.assertEqual(pct["salt"], 2.0)

    def test_no_flour(self):
        with self.assertRaises(ValueError):
            bakers_percentages({"water": 100})

    def test_salt_ok(self):
        self.assertTrue(salt_ok(COUNTRY_LOAF))
        self.assertTrue(salt_ok(RYE_TIN))
        self.assertFalse(salt_ok({"flour": 500, "salt": 20}))


if __name__ == "__main__":
    unittest.main()
