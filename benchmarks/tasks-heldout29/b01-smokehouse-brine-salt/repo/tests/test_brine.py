import unittest

from smoke.batches import load_batches
from smoke.brine import brine_minutes, water_litres
from smoke.sheet import sheet_lines


class BrineTest(unittest.TestCase):
    def test_water(self):
        self.assertEqual(water_litres(4), 8.0)
        self.assertEqual(water_litres(12.5), 25.0)

    def test_minutes_round_up_to_five(self):
        self.assertEqual(brine_minutes("trout", 4), 100)
        self.assertEqual(brine_minutes("Salmon", 1.1), 50)

    def test_load(self):
        batches = load_batches("batches.csv")
        self.assertEqual(len(batches), 7)
        self.assertEqual(batches[0].fish, "trout")
        self.assertEqual(batches[0].percent, 8.0)

    def test_sheet_has_header_and_rows(self):
        lines = sheet_lines(load_batches("batches.csv"))
        self.assertEqual(len(lines), 8)
        self.assertTrue(lines[0].startswith("day"))


if __name__ == "__main__":
    unittest.main()
