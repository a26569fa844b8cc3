import unittest

from falconry.birds import BirdRecord, load_birds
from falconry.displays import check_bird, line_up, weigh_in_sheet

TEXT = """# name, species, kind, weight today, flying weight
Ember, Harris hawk, hawk, 742, 725
Nimbus, Barn owl, owl, 300, 310
Kestrel Kate, Common kestrel, falcon, 215, 200
Odin, Steppe eagle, eagle, 2900, 2850
"""


class BirdRecordTests(unittest.TestCase):
    def test_ready(self):
        self.assertTrue(BirdRecord("Ember", "Harris hawk", "hawk", 742, 725).ready_to_fly())
        self.assertFalse(BirdRecord("Kate", "Common kestrel", "falcon", 215, 200).ready_to_fly())

    def test_ration(self):
        self.assertEqual(BirdRecord("Nimbus", "Barn owl", "owl", 300, 310).ration_g(), 21)
        self.assertEqual(BirdRecord("Ember", "Harris hawk", "hawk", 742, 725).ration_g(), 48)

    def test_bad_kind(self):
        with self.assertRaises(ValueError):
            BirdRecord("Pip", "Budgie", "parrot", 30, 30)

    def test_from_line(self):
        bird = BirdRecord.from_line("Odin, Steppe eagle, Eagle, 2900, 2850")
        self.assertIsInstance(bird, BirdRecord)
        self.assertEqual((bird.kind, bird.over_by()), ("eagle", 50))


class DisplayTests(unittest.TestCase):
    def setUp(self):
        self.birds = load_birds(TEXT)

    def test_sheet(self):
        sheet = weigh_in_sheet(self.birds)
        self.assertEqual(sheet[0], "Ember      Harris hawk            742g  feed  48g  flies")
        self.assertTrue(sheet[1].endswith("rests (+15g)"))

    def test_line_up(self):
        self.assertEqual(line_up(self.birds), {"11:30": ["Ember"], "14:00": ["Nimbus"], "15:30": ["Odin"]})

    def test_check_bird(self):
        with self.assertRaises(TypeError):
            check_bird("Ember")


if __name__ == "__main__":
    unittest.main()
