import unittest

from marketday.fees import (CORNER_SURCHARGE, HOOKUP_FEE, PITCH_FEE, day_fee,
                            season_fee)


class DayFeeTest(unittest.TestCase):
    def test_pitches_multiply(self):
        self.assertAlmostEqual(day_fee(2), 2 * PITCH_FEE)

    def test_extras(self):
        self.assertAlmostEqual(day_fee(1, corner=True, electric=True),
                               PITCH_FEE + CORNER_SURCHARGE + HOOKUP_FEE)

    def test_no_pitches_rejected(self):
        with self.assertRaises(ValueError):
            day_fee(0)


class SeasonFeeTest(unittest.TestCase):
    def test_short_booking_has_no_discount(self):
        self.assertAlmostEqual(season_fee(9, 1), 9 * PITCH_FEE)

    def test_season_discount(self):
        self.assertAlmostEqual(season_fee(10, 1), round(10 * PITCH_FEE * 0.9, 2))


if __name__ == "__main__":
    unittest.main()
