import unittest

from heap.temps import average, by_day, hot_days, needs_turning, peak, summary

LOG = [("Mon", 48.0), ("Tue", 57.5), ("Wed", 61.0), ("Wed", 59.0), ("Thu", 45.5)]


class TempsTest(unittest.TestCase):
    def test_average(self):
        self.assertEqual(average([50.0, 60.0]), 55.0)
        with self.assertRaises(ValueError):
            average([])

    def test_hot_days(self):
        self.assertEqual(hot_days(LOG), ["Tue", "Wed", "Wed"])
        self.assertEqual(hot_days(LOG, threshold=60), ["Wed"])

    def test_needs_turning(self):
        self.assertTrue(needs_turning([50.0], 7))
        self.assertTrue(needs_turning([61.0, 59.0, 45.5], 2))
        self.assertFalse(needs_turning([61.0, 59.0, 55.0], 2))

    def test_peak(self):
        self.assertEqual(peak(LOG), ("Wed", 61.0))
        self.assertIsNone(peak([]))

    def test_by_day_and_summary(self):
        self.assertEqual(by_day(LOG)["Wed"], [61.0, 59.0])
        self.assertEqual(summary(LOG), "5 readings, mean 54.2 C, 3 hot")


if __name__ == "__main__":
    unittest.main()
