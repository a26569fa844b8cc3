import unittest
from datetime import time

from nightmarket.config import load, parse
from nightmarket.sheet import full_takings, hours_open, sheet

SAMPLE = """
[DEFAULT]
opens = 18:00
closes = 22:30
pitch_fee = 25
max_stalls = 10
generator_allowed = no

[monday]
[wednesday]
pitch_fee = 27.5
generator_allowed = yes
"""


class ConfigTests(unittest.TestCase):
    def test_defaults_apply(self):
        nights = parse(SAMPLE)
        self.assertEqual(nights["monday"].closes, time(22, 30))
        self.assertEqual(nights["monday"].pitch_fee, 25)
        self.assertFalse(nights["monday"].generator_allowed)

    def test_override(self):
        wed = parse(SAMPLE)["wednesday"]
        self.assertEqual(wed.pitch_fee, 27.5)
        self.assertTrue(wed.generator_allowed)

    def test_unknown_night(self):
        with self.assertRaises(ValueError):
            parse("[funday]\nopens = 17:00\n")

    def test_real_file_loads(self):
        self.assertIn("saturday", load())


class SheetTests(unittest.TestCase):
    def test_sheet(self):
        wed = parse(SAMPLE)["wednesday"]
        self.assertEqual(hours_open(wed), 4.5)
        self.assertEqual(full_takings(wed), 275)
        self.assertIn("Pitch fee: \u00a327.50", sheet(wed))


if __name__ == "__main__":
    unittest.main()
