import unittest

from hamlog.bands import band_for


class BandTest(unittest.TestCase):
    def test_inside(self):
        self.assertEqual(band_for(14.074), "20m")
        self.assertEqual(band_for(145.5), "2m")

    def test_edges_count(self):
        self.assertEqual(band_for(7.0), "40m")
        self.assertEqual(band_for(7.2), "40m")

    def test_outside(self):
        self.assertIsNone(band_for(7.3))
        self.assertIsNone(band_for(100.0))


if __name__ == "__main__":
    unittest.main()
