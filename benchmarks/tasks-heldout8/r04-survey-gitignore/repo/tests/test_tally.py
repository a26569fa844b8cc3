import os
import unittest

from fieldsurvey.tally import read_sheet, site_totals, species_totals

SAMPLE = os.path.join(os.path.dirname(__file__), os.pardir, "data", "sample.csv")


class TallyTest(unittest.TestCase):
    def setUp(self):
        self.rows = read_sheet(SAMPLE)

    def test_read(self):
        self.assertEqual(len(self.rows), 5)
        self.assertEqual(self.rows[0]["count"], 3)

    def test_species(self):
        totals = species_totals(self.rows)
        self.assertEqual(totals["curlew"], 5)
        self.assertEqual(totals["bittern"], 1)

    def test_sites(self):
        self.assertEqual(site_totals(self.rows),
                         {"north-marsh": 17, "reedbed": 8})


if __name__ == "__main__":
    unittest.main()
