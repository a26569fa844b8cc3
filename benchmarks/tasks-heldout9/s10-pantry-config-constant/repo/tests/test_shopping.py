import unittest

from pantry.shopping import shopping_list

CAKE = {"servings": 8, "items": {"flour": 400, "butter": 200, "sugar": 300}}


class ShoppingTest(unittest.TestCase):
    def test_packs(self):
        self.assertEqual(shopping_list([CAKE], 24), {"butter": 3, "flour": 2, "sugar": 1})

    def test_too_many(self):
        with self.assertRaises(ValueError):
            shopping_list([CAKE], 60)


if __name__ == "__main__":
    unittest.main()
