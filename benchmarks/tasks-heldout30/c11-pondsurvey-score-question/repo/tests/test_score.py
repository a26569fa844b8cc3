import unittest

from pond.score import site_score, species_seen
from pond.survey import Record


def rec(species, pond="P", count=1, confirmed=True):
    return Record("2024-01-01", pond, species, count, confirmed)


class ScoreTest(unittest.TestCase):
    def test_indicator_counts_three(self):
        self.assertEqual(site_score([rec("water scorpion"), rec("common frog")], "P"), 4)

    def test_same_species_any_case_once(self):
        self.assertEqual(species_seen([rec("Common Frog"), rec("common frog")], "P"), {"common frog"})

    def test_unconfirmed_and_other_ponds_left_out(self):
        self.assertEqual(site_score([rec("common frog", confirmed=False), rec("common toad", pond="Q")], "P"), 0)


if __name__ == "__main__":
    unittest.main()
