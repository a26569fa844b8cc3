import unittest

from bouncehire.catalogue import day_rate, item_key


class CatalogueTest(unittest.TestCase):
    def test_rates(self):
        self.assertEqual(day_rate("Pirate Ship"), 12000)
        self.assertEqual(day_rate("  mini   dome "), 6000)

    def test_unknown(self):
        with self.assertRaises(ValueError):
            item_key("Water Slide")


if __name__ == "__main__":
    unittest.main()
