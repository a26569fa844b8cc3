import unittest

from pitchbook.extras import extra_cost
from pitchbook.pitches import describe_pitch, get_pitch


class PitchTests(unittest.TestCase):
    def test_describe(self):
        self.assertTrue(describe_pitch("L1").startswith("L1: lodge pitch, "))
        self.assertTrue(describe_pitch("L1").endswith(" per night"))

    def test_unknown(self):
        with self.assertRaises(KeyError):
            get_pitch("Z9")

    def test_extras(self):
        self.assertEqual(extra_cost("dog", 4, 2), 24.0)
        self.assertEqual(extra_cost("firewood", 4, 3), 21.75)


if __name__ == "__main__":
    unittest.main()
