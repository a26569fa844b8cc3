import unittest

from soapery.batch import lye_grams, sheet

OILS = {"olive": 700, "coconut": 300}


class BatchTests(unittest.TestCase):
    def test_lye(self):
        self.assertAlmostEqual(lye_grams(OILS, superfat=0), 147.2)

    def test_superfat_takes_lye_off(self):
        self.assertLess(lye_grams(OILS, superfat=8), lye_grams(OILS))

    def test_sheet_has_every_oil_then_totals(self):
        lines = sheet(OILS)
        self.assertEqual(len(lines), 5)
        self.assertTrue(lines[0].startswith("olive: "))
        self.assertTrue(lines[-1].startswith("water: "))
