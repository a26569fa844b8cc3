import unittest

from weatherlog.psychro import calc_dew_pt, heat_index_c, is_muggy


class DewPointTests(unittest.TestCase):
    def test_saturated_air(self):
        self.assertAlmostEqual(calc_dew_pt(20.0, 100), 20.0, places=6)

    def test_typical_summer_day(self):
        self.assertAlmostEqual(calc_dew_pt(30.0, 50), 18.44, places=2)

    def test_rejects_bad_humidity(self):
        with self.assertRaises(ValueError):
            calc_dew_pt(20.0, 0)

    def test_muggy(self):
        self.assertTrue(is_muggy(30.0, 50))
        self.assertFalse(is_muggy(22.0, 40))


class HeatIndexTests(unittest.TestCase):
    def test_mild_day_close_to_air_temp(self):
        self.assertAlmostEqual(heat_index_c(21.0, 50), 20.46, places=2)
