import unittest

from ciderpress.schedule import bottles, day_settings, load, plan

SAMPLE = {"defaults": {"batch_litres": 50},
          "days": {"friday": {"bottle_ml": 250}, "monday": {}}}


class DaySettingsTest(unittest.TestCase):
    def test_day_overrides_defaults(self):
        friday = day_settings("friday", SAMPLE)
        self.assertEqual(friday["bottle_ml"], 250)
        self.assertEqual(friday["batch_litres"], 50)

    def test_built_in_values_fill_gaps(self):
        self.assertEqual(day_settings("monday", SAMPLE)["start"], "08:00")

    def test_bottles(self):
        self.assertEqual(bottles("friday", SAMPLE), 200)
        self.assertEqual(bottles("monday", SAMPLE), 100)

    def test_plan_lists_days_in_order(self):
        lines = plan(SAMPLE)
        self.assertTrue(lines[0].startswith("Friday"))
        self.assertTrue(lines[1].startswith("Monday"))

    def test_real_config_loads(self):
        data = load()
        self.assertEqual(day_settings("saturday", data)["batch_litres"], 60)


if __name__ == "__main__":
    unittest.main()
