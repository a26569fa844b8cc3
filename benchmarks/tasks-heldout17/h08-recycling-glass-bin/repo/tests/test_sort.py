import unittest

from binday.sort import bin_for, sort_items


class BinForTest(unittest.TestCase):
    def test_paper(self):
        self.assertEqual(bin_for("Newspaper"), "blue")

    def test_garden(self):
        self.assertEqual(bin_for(" leaves "), "green")

    def test_food(self):
        self.assertEqual(bin_for("teabags"), "brown")

    def test_everything_else(self):
        self.assertEqual(bin_for("crisp packet"), "black")


class SortItemsTest(unittest.TestCase):
    def test_groups_in_order(self):
        self.assertEqual(sort_items(["card", "food", "paper"]),
                         {"blue": ["card", "paper"], "brown": ["food"]})


if __name__ == "__main__":
    unittest.main()
