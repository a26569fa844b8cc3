import unittest

from cricketnets.lanes import club_bill, lane_price


class LaneTests(unittest.TestCase):
    def test_day_hour(self):
        self.assertEqual(lane_price("10:00", 60), 1200)

    def test_evening_hour(self):
        self.assertEqual(lane_price("18:30", 60), 1800)

    def test_half_hours_only(self):
        with self.assertRaises(ValueError):
            lane_price("10:00", 45)

    def test_club_bill(self):
        self.assertEqual(club_bill([("09:00", 90), ("17:00", 30)]), 2700)

    def test_juniors_half_price_before_five(self):
        self.assertEqual(lane_price("10:00", 60, junior=True), 600)
        self.assertEqual(lane_price("16:30", 90, junior=True), 900)
        self.assertEqual(lane_price("18:00", 60, junior=True), 1800)
