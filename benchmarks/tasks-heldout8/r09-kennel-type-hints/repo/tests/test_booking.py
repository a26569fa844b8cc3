import datetime
import unittest

from kennel.booking import occupancy, overlapping, parse_booking

D = datetime.date


class BookingTest(unittest.TestCase):
    def setUp(self):
        self.a = parse_booking("biscuit medium 2026-07-01 2026-07-05 walk walk bath")
        self.b = parse_booking("pepper small 2026-07-05 2026-07-06")

    def test_parse(self):
        self.assertEqual(self.a.nights(), 4)
        self.assertEqual(self.a.extras, ["walk", "walk", "bath"])
        self.assertEqual(self.a.cost(), 4 * 3400 + 2 * 500 + 1800)

    def test_overlap(self):
        self.assertFalse(overlapping(self.a, self.b))
        c = parse_booking("rolo large 2026-07-04 2026-07-09")
        self.assertTrue(overlapping(self.a, c))

    def test_occupancy(self):
        self.assertEqual(occupancy([self.a, self.b], D(2026, 7, 4)), 1)
        self.assertEqual(occupancy([self.a, self.b], D(2026, 7, 5)), 1)

    def test_bad_dates(self):
        with self.assertRaises(ValueError):
            parse_booking("rolo large 2026-07-04 2026-07-04")


if __name__ == "__main__":
    unittest.main()
