import unittest
from decimal import Decimal

from storefront.utils import validate_email, validate_price, validate_sku


class ValidationTests(unittest.TestCase):
    def test_sku(self):
        self.assertEqual(validate_sku("ABC-1234"), "ABC-1234")
        for bad in ("abc-1234", "AB-1234", "ABC1234", None):
            with self.assertRaises(ValueError):
                validate_sku(bad)

    def test_price(self):
        self.assertEqual(validate_price("19.99"), Decimal("19.99"))
        for bad in ("0", "-1", "1.999", "abc"):
            with self.assertRaises(ValueError):
                validate_price(bad)

    def test_email(self):
        self.assertEqual(validate_email(" Bob@Example.COM "), "bob@example.com")
        with self.assertRaises(ValueError):
            validate_email("bob@localhost")


if __name__ == "__main__":
    unittest.main()
