import unittest

from bandcontest.marks import band_average, band_total, placings


class TotalTests(unittest.TestCase):
    def test_all_marks_count_by_default(self):
        self.assertEqual(band_total([88, 91, 90]), 269)

    def test_drop_lowest(self):
        self.assertEqual(band_total([88, 91, 90, 79], drop=1), 269)
        self.assertEqual(band_total([88, 91, 90, 79], drop=2), 181)

    def test_cannot_drop_every_mark(self):
        with self.assertRaises(ValueError):
            band_total([88, 91], drop=2)

    def test_marks_out_of_range(self):
        with self.assertRaises(ValueError):
            band_total([88, 101])

    def test_average(self):
        self.assertEqual(band_average([88, 91, 90, 79], discard=1), 89.7)


class PlacingTests(unittest.TestCase):
    def test_shared_place(self):
        results = {"Brighouse": [90, 92], "Black Dyke": [91, 91], "Grimethorpe": [88, 90]}
        self.assertEqual(placings(results), [(1, "Black Dyke", 182), (1, "Brighouse", 182),
                                             (3, "Grimethorpe", 178)])

    def test_discard(self):
        results = {"Hepworth": [70, 95, 94], "Hade Edge": [89, 90, 91]}
        self.assertEqual(placings(results, discard=1)[0][1], "Hepworth")


if __name__ == "__main__":
    unittest.main()
