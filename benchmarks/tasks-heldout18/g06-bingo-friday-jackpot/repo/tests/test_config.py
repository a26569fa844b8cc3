import unittest

from bingohall.config import jackpot, load, nights


class ConfigTest(unittest.TestCase):
    def setUp(self):
        self.cfg = load()

    def test_hall(self):
        self.assertEqual(self.cfg["hall"], "Riverside Bingo")

    def test_default_jackpot_used(self):
        self.assertEqual(jackpot(self.cfg, "tuesday"), self.cfg["default_jackpot"])

    def test_night_jackpot(self):
        self.assertEqual(jackpot(self.cfg, "saturday"), 400)

    def test_four_nights(self):
        self.assertEqual(len(nights(self.cfg)), 4)


if __name__ == "__main__":
    unittest.main()
