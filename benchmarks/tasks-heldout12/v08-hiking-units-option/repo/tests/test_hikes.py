import os
import unittest

from trailbook.hikes import load, totals
from trailbook.units import km_to_mi, m_to_ft

CSV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "hikes.csv")


class HikesTest(unittest.TestCase):
    def test_totals_all_time(self):
        count, km, ascent, longest = totals(load(CSV))
        self.assertEqual((count, ascent, longest.name), (6, 4590, "Helvellyn loop"))
        self.assertAlmostEqual(km, 85.9)

    def test_totals_for_a_year(self):
        self.assertEqual(totals(load(CSV), 2023)[0], 1)
        self.assertEqual(totals(load(CSV), 2019), (0, 0, 0, None))

    def test_units(self):
        self.assertAlmostEqual(km_to_mi(1.609344), 1.0)
        self.assertAlmostEqual(m_to_ft(3.048), 10.0)


if __name__ == "__main__":
    unittest.main()
