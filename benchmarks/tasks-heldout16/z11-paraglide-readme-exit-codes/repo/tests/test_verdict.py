import unittest

from windsock.sites import Site, get_site, off_direction
from windsock.verdict import assess

RIDGE = Site("Ridgeway", 225, 30, 25, 32)


class VerdictTest(unittest.TestCase):
    def test_off_direction(self):
        self.assertEqual(off_direction(RIDGE, 200), 25)
        self.assertEqual(off_direction(Site("N", 10, 30, 20, 25), 350), 20)

    def test_verdicts(self):
        self.assertEqual(assess(RIDGE, 15, 20, 225)[0], "GO")
        self.assertEqual(assess(RIDGE, 22, 26, 225)[0], "MARGINAL")
        self.assertEqual(assess(RIDGE, 12, 24, 225)[0], "MARGINAL")
        self.assertEqual(assess(RIDGE, 15, 20, 300)[0], "NO-FLY")
        self.assertEqual(assess(RIDGE, 27, 30, 225)[0], "NO-FLY")

    def test_sites(self):
        self.assertEqual(get_site(" Hollow ").name, "Hollow Bank")
        with self.assertRaises(KeyError):
            get_site("everest")


if __name__ == "__main__":
    unittest.main()
