import unittest

from trailpack.items import Item, parse_items


class ParseTests(unittest.TestCase):
    def test_parse(self):
        items = parse_items("tent, 1150\npegs, 12, 8  # titanium\n\nboots, 780, worn\n")
        self.assertEqual(items[0], Item("tent", 1150.0))
        self.assertEqual(items[1].weight, 96.0)
        self.assertTrue(items[2].worn)
        self.assertEqual(items[2].qty, 1)

    def test_food_with_quantity(self):
        (item,) = parse_items("trail mix, 200, 3, food")
        self.assertTrue(item.food)
        self.assertEqual(item.weight, 600.0)

    def test_bad_line(self):
        with self.assertRaises(ValueError):
            parse_items("tent")


if __name__ == "__main__":
    unittest.main()
