import unittest
from datetime import date

from kickabout.registration import fee_for, register


class RegistrationTest(unittest.TestCase):
    def test_register(self):
        reg = register(" Sam Okafor ", date(2016, 1, 15), date(2026, 3, 12))
        self.assertEqual(reg.name, "Sam Okafor")
        self.assertEqual(reg.group, "U11")
        self.assertEqual(reg.fee, 60)

    def test_older_player_pays_more(self):
        reg = register("Priya Shah", date(2014, 11, 2), date(2026, 3, 12))
        self.assertEqual(reg.group, "U12")
        self.assertEqual(reg.fee, 85)

    def test_fee_boundary(self):
        self.assertEqual(fee_for("U11"), 60)
        self.assertEqual(fee_for("U12"), 85)

    def test_bad_input(self):
        with self.assertRaises(ValueError):
            register("", date(2016, 1, 15), date(2026, 3, 12))
        with self.assertRaises(ValueError):
            register("Sam", date(2026, 4, 1), date(2026, 3, 12))


if __name__ == "__main__":
    unittest.main()
