import unittest

from tankcare.water import dose_ml, litres


class WaterTests(unittest.TestCase):
    def test_litres(self):
        self.assertEqual(litres(100, 40, 50), 200.0)

    def test_bad_size(self):
        with self.assertRaises(ValueError):
            litres(0, 40, 50)

    def test_dose(self):
        self.assertEqual(dose_ml(200, 5), 100.0)


if __name__ == "__main__":
    unittest.main()
