import unittest

from fencing.bouts import Bout, fencers, parse_bout, read_bouts, winner


class ParseTests(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_bout("Mira Tom 5 3"), Bout("Mira", "Tom", 5, 3))

    def test_bad_lines(self):
        for line in ["Mira Tom 5", "Mira Mira 5 3", "Mira Tom 6 3", "Mira Tom 4 4", "Mira Tom five 3"]:
            with self.assertRaises(ValueError):
                parse_bout(line)

    def test_read_skips_comments(self):
        bouts = read_bouts(["# pool B", "", "Ann Bo 2 5", "Bo Cy 5 1"])
        self.assertEqual(len(bouts), 2)
        self.assertEqual(fencers(bouts), ["Ann", "Bo", "Cy"])

    def test_winner(self):
        self.assertEqual(winner(Bout("Ann", "Bo", 2, 5)), "Bo")
        self.assertEqual(winner(Bout("Ann", "Bo", 5, 4)), "Ann")


if __name__ == "__main__":
    unittest.main()
