import unittest

from bunting.flags import flags, packs, posts, string_m


class FlagsTest(unittest.TestCase):
    def test_posts(self):
        self.assertEqual(posts(16), 3)
        self.assertEqual(posts(20), 3)

    def test_string_rounds_up(self):
        self.assertEqual(string_m(10), 11)
        self.assertEqual(string_m(10, runs=3), 33)

    def test_flags_and_packs(self):
        self.assertEqual(flags(11), 44)
        self.assertEqual(packs(44), 3)


if __name__ == "__main__":
    unittest.main()
