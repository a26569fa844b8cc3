import unittest

from jamkitchen.batches import jars, label, sugar_g, yield_g


class BatchTest(unittest.TestCase):
    def test_sugar(self):
        self.assertEqual(sugar_g("strawberry", 1000), 1000)
        self.assertEqual(sugar_g("blackcurrant", 1000), 1250)

    def test_yield(self):
        self.assertAlmostEqual(yield_g("raspberry", 1000), 1700)

    def test_jars_include_a_spare(self):
        self.assertEqual(jars("raspberry", 1000), 5)

    def test_label(self):
        self.assertEqual(label("strawberry", 500, "small"),
                         "Strawberry jam: 500 g fruit, 500 g sugar, 5 small jars")


if __name__ == "__main__":
    unittest.main()
