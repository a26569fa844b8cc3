import unittest

from truckstop.config import Pitch
from truckstop.rota import pitches_on, week_plan, weekly_fees

PITCHES = [
    Pitch("Corner", ("mon", "sat"), 20, "11:00", "14:00"),
    Pitch("Late", ("fri",), 35, "18:00", "23:00"),
]


class RotaTest(unittest.TestCase):
    def test_pitches_on(self):
        self.assertEqual([p.name for p in pitches_on("sat", PITCHES)], ["Corner"])
        self.assertEqual(pitches_on("tue", PITCHES), [])

    def test_week_plan(self):
        plan = week_plan(PITCHES)
        self.assertEqual(plan["fri"], ["Late (18:00-23:00)"])
        self.assertEqual(len(plan), 7)

    def test_weekly_fees(self):
        self.assertEqual(weekly_fees(PITCHES), 75)


if __name__ == "__main__":
    unittest.main()
