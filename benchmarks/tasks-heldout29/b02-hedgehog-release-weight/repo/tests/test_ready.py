import unittest

from hogs.intake import load_settings
from hogs.ready import grams_short, ready_for_release, split

SETTINGS = {"min_weight_g": "600", "season_end": "2025-10-31"}


def hog(name, weight):
    return {"name": name, "found": "Lane", "weight_g": weight, "pen": "A1"}


class ReadyTest(unittest.TestCase):
    def test_heavy_enough(self):
        self.assertTrue(ready_for_release(hog("Acorn", "720"), SETTINGS))
        self.assertTrue(ready_for_release(hog("Hazel", "600"), SETTINGS))

    def test_too_light(self):
        self.assertFalse(ready_for_release(hog("Pip", "310"), SETTINGS))

    def test_grams_short(self):
        self.assertEqual(grams_short(hog("Pip", "310"), SETTINGS), 290)
        self.assertEqual(grams_short(hog("Acorn", "720"), SETTINGS), 0)

    def test_split_keeps_order(self):
        ready, waiting = split([hog("A", "650"), hog("B", "450"), hog("C", "610")], SETTINGS)
        self.assertEqual([h["name"] for h in ready], ["A", "C"])
        self.assertEqual([h["name"] for h in waiting], ["B"])

    def test_settings_file(self):
        self.assertEqual(str(load_settings("rescue.ini")["min_weight_g"]), "600")


if __name__ == "__main__":
    unittest.main()
