import unittest

from bonsai.species import find_species, load_species


class SpeciesTest(unittest.TestCase):
    def test_whole_table_loads(self):
        self.assertEqual(len(load_species()), 7)

    def test_find_by_name(self):
        sp = find_species("Scots pine")
        self.assertEqual((sp.water_days, sp.repot_years, sp.hardy), (4, 5, True))

    def test_unknown_species(self):
        with self.assertRaises(KeyError):
            find_species("Oak")


if __name__ == "__main__":
    unittest.main()
