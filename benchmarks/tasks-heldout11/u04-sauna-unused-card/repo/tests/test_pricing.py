import unittest

from saunabook.pricing import session_price


class SessionPriceTest(unittest.TestCase):
    def test_started_half_hours(self):
        self.assertEqual(session_price(60, 1, 0, None), 1800)
        self.assertEqual(session_price(61, 1, 0, None), 2700)

    def test_towels_extra(self):
        self.assertEqual(session_price(30, 2, 2, None), 2300)

    def test_group_discount(self):
        self.assertEqual(session_price(60, 4, 0, None), 6480)

    def test_off_peak(self):
        self.assertEqual(session_price(60, 1, 1, None, off_peak=True), 1690)

    def test_card_makes_no_difference(self):
        self.assertEqual(session_price(90, 2, 0, loyalty_card="L-2231"),
                         session_price(90, 2, 0, None))

    def test_rejects_bad_input(self):
        with self.assertRaises(ValueError):
            session_price(0, 1, 0, None)


if __name__ == "__main__":
    unittest.main()
