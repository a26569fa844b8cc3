import unittest

from brewlog.calc import abv, attenuation, scale_grams, sg_to_plato


class CalcTest(unittest.TestCase):
    def test_abv(self):
        self.assertAlmostEqual(abv(1.060, 1.012), 6.3)

    def test_attenuation(self):
        self.assertAlmostEqual(attenuation(1.050, 1.010), 80.0)

    def test_plato(self):
        self.assertAlmostEqual(sg_to_plato(1.048), 11.86, places=2)

    def test_scale(self):
        self.assertAlmostEqual(scale_grams(450, 20, 23), 517.5)
        with self.assertRaises(ValueError):
            scale_grams(450, 0, 23)


if __name__ == "__main__":
    unittest.main()
