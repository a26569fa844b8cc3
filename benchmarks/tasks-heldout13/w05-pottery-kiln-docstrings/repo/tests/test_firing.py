import unittest

from kilnlog.firing import cone_for, cooling_hours, describe, peak, ramp_minutes, total_minutes

GLAZE = [(100, 600, 0), (150, 1222, 15)]


class FiringTests(unittest.TestCase):
    def test_ramp(self):
        self.assertEqual(ramp_minutes(20, 600, 100), 348)
        with self.assertRaises(ValueError):
            ramp_minutes(20, 600, 0)

    def test_total(self):
        self.assertEqual(total_minutes(GLAZE), 612)

    def test_peak_and_cone(self):
        self.assertEqual(peak(GLAZE), 1222)
        self.assertEqual(cone_for(1222), "6")
        self.assertIsNone(cone_for(500))

    def test_cooling(self):
        self.assertEqual(cooling_hours(1222), 11.2)
        self.assertEqual(cooling_hours(90), 0.0)

    def test_describe(self):
        self.assertEqual(describe(GLAZE), "2 segments, 10h12 to cone 6")


if __name__ == "__main__":
    unittest.main()
