import unittest

from thermo import heating_needed, parse_schedule

SCHED = parse_schedule("06:00-08:30 21\n17:30-22:00 20.5")


class HeatingTest(unittest.TestCase):
    def test_cold_room_heats(self):
        self.assertTrue(heating_needed(SCHED, "07:00", 19.0))

    def test_within_hysteresis(self):
        self.assertFalse(heating_needed(SCHED, "07:00", 20.6))

    def test_default_setpoint_at_noon(self):
        self.assertFalse(heating_needed(SCHED, "12:00", 15.8))
        self.assertTrue(heating_needed(SCHED, "12:00", 15.4))


if __name__ == "__main__":
    unittest.main()
