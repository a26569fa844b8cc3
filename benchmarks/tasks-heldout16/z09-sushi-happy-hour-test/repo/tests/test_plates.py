import unittest

from kaiten.plates import plate_price, pounds


class PlatesTest(unittest.TestCase):
    def test_prices(self):
        self.assertEqual(plate_price("white"), 150)
        self.assertEqual(plate_price(" Gold "), 450)
        with self.assertRaises(ValueError):
            plate_price("blue")

    def test_pounds(self):
        self.assertEqual(pounds(1234), "12.34")
        self.assertEqual(pounds(5), "0.05")


if __name__ == "__main__":
    unittest.main()
