import unittest

from loftclock.clocking import flying_minutes, parse_time, velocity


class ClockingTests(unittest.TestCase):
    def test_parse_time(self):
        self.assertEqual(parse_time("09:05:07"), (9, 5, 7))
        for bad in ("9:05", "24:00:00", "09:60:00", "aa:bb:cc"):
            with self.assertRaises(ValueError):
                parse_time(bad)

    def test_whole_minutes(self):
        self.assertEqual(flying_minutes("07:15:00", "09:45:00"), 150)

    def test_clocked_before_liberation(self):
        with self.assertRaises(ValueError):
            flying_minutes("07:15:00", "07:15:00")

    def test_velocity(self):
        self.assertEqual(velocity(264000, 150), 1760.0)
        self.assertEqual(velocity(154324, 117), 1319.01)


if __name__ == "__main__":
    unittest.main()
