import unittest

from posy import Bunch, Order, Stem


class OrderTests(unittest.TestCase):
    def test_readme_example(self):
        bunch = Bunch(wrap="kraft").add(Stem("rose", 250), 12)
        self.assertEqual(Order("Mira", delivery=True).add(bunch).total(), 3850)

    def test_free_delivery(self):
        big = Bunch().add(Stem("peony", 600), 10)
        self.assertEqual(Order("Jo", delivery=True).add(big).total(), 6000)

    def test_stem_count(self):
        order = Order("Al").add(Bunch().add(Stem("iris", 200), 5)).add(Stem("lily", 400))
        self.assertEqual(order.stem_count(), 6)


if __name__ == "__main__":
    unittest.main()
