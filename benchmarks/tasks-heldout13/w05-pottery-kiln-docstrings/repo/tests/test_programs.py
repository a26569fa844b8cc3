import unittest

from kilnlog.programs import listing


class ProgramTests(unittest.TestCase):
    def test_listing(self):
        self.assertEqual(listing()[0], "bisque  2 segments, 10h05 to cone 06")
        self.assertEqual(len(listing()), 3)


if __name__ == "__main__":
    unittest.main()
