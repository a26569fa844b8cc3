import unittest

from bonsai.care import care_card
from bonsai.species import Species


class CareCardTest(unittest.TestCase):
    def test_tender_tree(self):
        lines = care_card(Species("Ficus", 4, 2, False))
        self.assertEqual(lines[2], "  winter: bring indoors")

    def test_repot_due(self):
        lines = care_card(Species("Azalea", 1, 3, True), repotted=2021, year=2025)
        self.assertEqual(lines[-1], "  repot: due now")

    def test_repot_later(self):
        lines = care_card(Species("Azalea", 1, 3, True), repotted=2024, year=2025)
        self.assertEqual(lines[-1], "  repot: in 2027")


if __name__ == "__main__":
    unittest.main()
