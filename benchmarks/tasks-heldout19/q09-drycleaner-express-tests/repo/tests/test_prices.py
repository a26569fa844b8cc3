import unittest

from pressing.prices import item_price, quote, ticket


class PricesTest(unittest.TestCase):
    def test_item_price(self):
        self.assertEqual(item_price("suit"), 1400)

    def test_unknown_item(self):
        with self.assertRaises(ValueError):
            item_price("hat")

    def test_quote_adds_items(self):
        self.assertEqual(quote(["shirt", "shirt", "trousers"]), 1350)

    def test_empty_bag(self):
        self.assertEqual(quote([]), 0)

    def test_ticket(self):
        self.assertEqual(ticket(["coat"]), "1 items, standard: 16.00")


if __name__ == "__main__":
    unittest.main()
