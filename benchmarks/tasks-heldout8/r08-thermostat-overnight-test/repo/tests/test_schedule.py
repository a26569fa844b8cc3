import unittest

from thermo.schedule import DEFAULT_SETPOINT, parse_schedule, setpoint_at

WEEKDAY = """
# weekdays
06:00-08:30 21
17:30-22:00 20.5
"""


class ScheduleTest(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_schedule(WEEKDAY),
                         [(360, 510, 21.0), (1050, 1320, 20.5)])

    def test_inside_period(self):
        sched = parse_schedule(WEEKDAY)
        self.assertEqual(setpoint_at(sched, "07:00"), 21.0)
        self.assertEqual(setpoint_at(sched, "06:00"), 21.0)

    def test_end_is_exclusive(self):
        self.assertEqual(setpoint_at(parse_schedule(WEEKDAY), "08:30"), DEFAULT_SETPOINT)

    def test_bad_time(self):
        with self.assertRaises(ValueError):
            parse_schedule("06:00-25:00 20")

    def test_overnight_period(self):
        sched = parse_schedule("22:00-06:00 17.5\n06:00-08:30 21")
        self.assertEqual(setpoint_at(sched, "23:15"), 17.5)
        self.assertEqual(setpoint_at(sched, "03:00"), 17.5)
        self.assertEqual(setpoint_at(sched, "06:00"), 21.0)
        self.assertEqual(setpoint_at(sched, "12:00"), DEFAULT_SETPOINT)


if __name__ == "__main__":
    unittest.main()
