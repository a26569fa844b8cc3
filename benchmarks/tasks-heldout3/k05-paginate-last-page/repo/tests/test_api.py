import unittest

from catalog.api import list_products


class ListProductsTests(unittest.TestCase):
    def test_first_page(self):
        data = list_products(1)
        self.assertEqual(len(data["products"]), 10)
        self.assertEqual(data["next"], 2)
