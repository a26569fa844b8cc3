import unittest

from scoopery.menu import Flavour
from scoopery.till import allergy_note, order_pence

MENU = {
    "a": Flavour("a", "A", 150, ("milk",)),
    "b": Flavour("b", "B", 200, ("soya", "milk")),
    "c": Flavour("c", "C", 175, ()),
}


class TillTest(unittest.TestCase):
    def test_order(self):
        self.assertEqual(order_pence(["a", "b"], menu=MENU), 350)
        self.assertEqual(order_pence(["c"], cone=True, menu=MENU), 205)

    def test_allergy_note(self):
        self.assertEqual(allergy_note(["a", "b"], menu=MENU), "Contains: milk, soya")
        self.assertEqual(allergy_note(["c"], menu=MENU), "No listed allergens")


if __name__ == "__main__":
    unittest.main()
