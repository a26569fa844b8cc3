import unittest

from fishslab.board import board, per_100g, per_pound


class BoardTest(unittest.TestCase):
    def test_free_fish_costs_nothing(self):
        self.assertEqual(per_pound(0), 0)

    def test_negative_price_rejected(self):
        with self.assertRaises(ValueError):
            per_pound(-1)

    def test_per_100g(self):
        self.assertEqual(per_100g(18.0), 1.8)

    def test_cheapest_first(self):
        lines = board({"cod": 18.0, "hake": 14.5, "sole": 32.0})
        self.assertEqual([line.split()[0] for line in lines], ["hake", "cod", "sole"])

    def test_line_shows_kilo_price(self):
        self.assertIn(" 18.00/kg", board({"cod": 18.0})[0])


if __name__ == "__main__":
    unittest.main()
