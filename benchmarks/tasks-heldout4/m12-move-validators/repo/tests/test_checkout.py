import unittest
from decimal import Decimal

from storefront.catalog import Catalog
from storefront.checkout import Cart, place_order


class CheckoutTests(unittest.TestCase):
    def setUp(self):
        self.catalog = Catalog()
        self.catalog.add("MUG-0001", "Mug", "8.50")
        self.catalog.add("TEE-0042", "T-shirt", "20")

    def test_total(self):
        cart = Cart(self.catalog)
        cart.add("MUG-0001", 2)
        cart.add("TEE-0042")
        self.assertEqual(cart.total(), Decimal("37.00"))

    def test_place_order(self):
        cart = Cart(self.catalog)
        cart.add("MUG-0001")
        order = place_order(cart, "Ann@Shop.io")
        self.assertEqual(order["email"], "ann@shop.io")

    def test_empty_cart(self):
        with self.assertRaises(ValueError):
            place_order(Cart(self.catalog), "a@b.co")


if __name__ == "__main__":
    unittest.main()
