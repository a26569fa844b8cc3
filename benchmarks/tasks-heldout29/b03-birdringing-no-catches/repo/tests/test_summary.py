import unittest

from ringing.catches import Catch, at_site, load_catches
from ringing.stats import by_species, mean_wing
from ringing.summary import summary_lines


def catch(species, wing, weight, site="Welney"):
    return Catch("2025-05-01", site, species, "R1", wing, weight)


class SummaryTest(unittest.TestCase):
    def test_mean_wing(self):
        self.assertAlmostEqual(mean_wing([catch("Wren", 48, 9.5), catch("Wren", 50, 9.9)]), 49.0)

    def test_species_order(self):
        cs = [catch("Wren", 48, 9), catch("Blue Tit", 66, 11), catch("Wren", 47, 9)]
        self.assertEqual(by_species(cs), [("Wren", 2), ("Blue Tit", 1)])

    def test_site_filter(self):
        cs = load_catches("catches.csv")
        self.assertEqual(len(at_site(cs, "Welney")), 5)

    def test_summary_first_line(self):
        lines = summary_lines(load_catches("catches.csv"), "Ouse Washes")
        self.assertEqual(lines[0], "Ouse Washes: 3 birds")
        self.assertIn("heaviest: Great Tit TV48211 (18.6 g)", lines)


if __name__ == "__main__":
    unittest.main()
