import unittest

from seedvault.inventory import by_species, load


class InventoryTest(unittest.TestCase):
    def test_load(self):
        seeds = load("data/seeds.csv")
        self.assertEqual(len(seeds), 5)
        self.assertEqual(seeds[0]["grams"], 12.5)
        self.assertEqual(seeds[1]["year"], 2022)

    def test_by_species(self):
        seeds = by_species(load("data/seeds.csv"), "Tomato")
        self.assertEqual([s["variety"] for s in seeds], ["Brandywine", "Black Krim"])


if __name__ == "__main__":
    unittest.main()
