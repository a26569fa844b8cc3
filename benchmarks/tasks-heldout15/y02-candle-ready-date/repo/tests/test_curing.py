import unittest

from wickworks.curing import CURE_DAYS, describe_cure, known_wax


class CuringTests(unittest.TestCase):
    def test_known_waxes(self):
        self.assertTrue(known_wax("soy"))
        self.assertFalse(known_wax("gel"))

    def test_describe(self):
        self.assertEqual(describe_cure("soy"), "soy: 14 days")
        self.assertEqual(describe_cure("beeswax"), "beeswax: 2 days")

    def test_unknown_wax(self):
        with self.assertRaises(ValueError):
            describe_cure("gel")

    def test_every_wax_cures_for_some_days(self):
        self.assertTrue(all(days > 0 for days in CURE_DAYS.values()))


if __name__ == "__main__":
    unittest.main()
