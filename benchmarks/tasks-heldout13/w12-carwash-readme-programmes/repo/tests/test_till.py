import unittest

from suds.loyalty import is_free
from suds.programmes import PROGRAMMES, programme
from suds.till import charge, display


class TillTests(unittest.TestCase):
    def test_programme_lookup(self):
        self.assertEqual(programme(" Foam ").price_cents, 900)
        with self.assertRaises(ValueError):
            programme("steam")

    def test_every_programme_has_a_run_time(self):
        for prog in PROGRAMMES.values():
            self.assertGreater(prog.minutes, 0)

    def test_charge(self):
        self.assertEqual(charge("foam", washes_before=3), 900)
        self.assertEqual(charge("deluxe", washes_before=9), 0)

    def test_loyalty(self):
        self.assertTrue(is_free(19))
        self.assertFalse(is_free(10))

    def test_display(self):
        self.assertEqual(display("basic"), "BASIC  6 min  6.50")


if __name__ == "__main__":
    unittest.main()
