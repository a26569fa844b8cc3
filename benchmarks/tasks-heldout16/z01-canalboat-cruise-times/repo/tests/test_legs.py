import unittest

from narrowboat.legs import Leg, parse_leg, parse_legs


class ParseLegTest(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_leg("Hillmorton to Braunston, 6.5, 3"),
                         Leg("Hillmorton to Braunston", 6.5, 3))

    def test_skips_blank_and_comments(self):
        legs = parse_legs(["# day one", "", "A to B, 1, 0", "B to C, 2.5, 1"])
        self.assertEqual([l.name for l in legs], ["A to B", "B to C"])

    def test_bad_lines(self):
        for bad in ("A to B, 1", ", 1, 0", "A to B, -1, 0", "A to B, x, 0"):
            with self.assertRaises(ValueError):
                parse_leg(bad)


if __name__ == "__main__":
    unittest.main()
