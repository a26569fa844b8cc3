import unittest

from stampcard.card import Card, checkout, stamps_per_drink, till_line


class CardTest(unittest.TestCase):
    def test_plain_order(self):
        card = Card(0)
        self.assertEqual(checkout(card, ["latte", "espresso"], "mon"), 645)
        self.assertEqual(card.stamps, 2)

    def test_full_card_pays_for_a_drink(self):
        card = Card(10)
        self.assertEqual(checkout(card, ["cocoa"], "fri"), 0)
        self.assertEqual(card.stamps, 0)

    def test_double_stamps(self):
        self.assertEqual(stamps_per_drink("Tuesday"), 2)
        self.assertEqual(stamps_per_drink("wed"), 1)

    def test_till_line(self):
        self.assertEqual(till_line(Card(3), ["latte", "cocoa"], "mon"),
                         "EUR 7.25, card now 5 stamps")

    def test_negative_card(self):
        with self.assertRaises(ValueError):
            Card(-1)


if __name__ == "__main__":
    unittest.main()
