import unittest

from bouncepark.tickets import group_total, receipt, session_price


class SessionPriceTest(unittest.TestCase):
    def test_full_price(self):
        self.assertEqual(session_price(90, 30), 1600)

    def test_little_ones(self):
        self.assertEqual(session_price(60, 1), 0)
        self.assertEqual(session_price(60, 5), 600)

    def test_unknown_length(self):
        with self.assertRaises(ValueError):
            session_price(45, 10)


class GroupTest(unittest.TestCase):
    def test_small_group_pays_in_full(self):
        self.assertEqual(group_total([9] * 9, 60), 9 * 1200)
        self.assertEqual(receipt([9, 4], 60), "2 jumpers, 60 minutes: 18.00")

    def test_group_of_ten_cheapest_place_free(self):
        # Groups of ten or more: the cheapest place in the group is free.
        self.assertEqual(group_total([9] * 10, 60), 9 * 1200)
        self.assertEqual(group_total([9, 9, 4] + [12] * 8, 90), 10 * 1600)
        # Only one free place, however big the group.
        self.assertEqual(group_total([30] * 25, 120), 24 * 1900)


if __name__ == "__main__":
    unittest.main()
