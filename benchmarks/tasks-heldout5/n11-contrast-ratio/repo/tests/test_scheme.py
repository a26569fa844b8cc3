import unittest

from palette.scheme import analogous, complementary


class SchemeTests(unittest.TestCase):
    def test_complementary(self):
        self.assertEqual(complementary("#1e90ff"), "#ff8d1e")
        self.assertEqual(complementary("#ff0000"), "#00ffff")

    def test_analogous(self):
        self.assertEqual(analogous("#ff0000", 120), ["#0000ff", "#00ff00"])
