import unittest

from bobatea.orders import Drink, make_drink, parse_order


class OrderTests(unittest.TestCase):
    def test_full_line(self):
        d = parse_order("Taro milk tea, large, 50%, less ice, +pearls")
        self.assertEqual(d, Drink("taro milk tea", "large", 50, "less ice", ["pearls"]))

    def test_any_order(self):
        d = parse_order("oolong, +jelly, no ice, 30%, small")
        self.assertEqual((d.size, d.sweetness, d.ice, d.toppings), ("small", 30, "no ice", ["jelly"]))

    def test_bad_sweetness(self):
        with self.assertRaises(ValueError):
            make_drink("oolong", sweetness=40)

    def test_bad_word(self):
        with self.assertRaises(ValueError):
            parse_order("oolong, extra hot")


if __name__ == "__main__":
    unittest.main()
