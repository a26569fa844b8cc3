import unittest

from sugarshack.sap import TapReading, average_brix, parse_reading, total_litres


class SapTest(unittest.TestCase):
    def test_average_is_weighted(self):
        readings = [TapReading("T1", 10, 2.0), TapReading("T2", 30, 3.0)]
        self.assertEqual(total_litres(readings), 40)
        self.assertAlmostEqual(average_brix(readings), 2.75)

    def test_no_sap(self):
        with self.assertRaises(ValueError):
            average_brix([])

    def test_parse(self):
        self.assertEqual(parse_reading("T12, 14.5, 2.1"), TapReading("T12", 14.5, 2.1))


if __name__ == "__main__":
    unittest.main()
