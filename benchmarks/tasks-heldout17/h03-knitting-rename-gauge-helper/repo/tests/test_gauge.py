import unittest

from yarncalc.gauge import cast_on, rows_for, st_per_cm, yarn_needed


class GaugeTest(unittest.TestCase):
    def test_st_per_cm(self):
        self.assertAlmostEqual(st_per_cm(22, 10), 2.2)

    def test_zero_swatch_rejected(self):
        with self.assertRaises(ValueError):
            st_per_cm(22, 0)

    def test_cast_on(self):
        self.assertEqual(cast_on(50, 22), 110)

    def test_rows_for(self):
        self.assertEqual(rows_for(60, 30), 180)

    def test_yarn_needed(self):
        self.assertEqual(yarn_needed(100, 100), 250.0)


if __name__ == "__main__":
    unittest.main()
