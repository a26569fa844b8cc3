import unittest

from glassworks.config import load, standard_price
from glassworks.timetable import by_day, hours, workshop_line


class ConfigTests(unittest.TestCase):
    def setUp(self):
        self.workshops = load()

    def test_every_workshop_has_a_title_and_days(self):
        for w in self.workshops.values():
            self.assertTrue(w.title)
            self.assertTrue(w.days, w.key)

    def test_prices_are_sensible(self):
        for w in self.workshops.values():
            self.assertTrue(20 <= w.price <= 150, w.key)

    def test_standard_price_is_a_whole_number(self):
        self.assertIsInstance(standard_price(), int)

    def test_defaults_fill_in(self):
        tumbler = self.workshops["tumbler"]
        self.assertEqual(tumbler.max_students, 2)
        self.assertEqual(tumbler.days, ["sat", "sun"])

    def test_adults_only_vase(self):
        self.assertEqual(self.workshops["vase"].min_age, 18)


class TimetableTests(unittest.TestCase):
    def test_hours(self):
        self.assertEqual(hours(120), "2h")
        self.assertEqual(hours(90), "1h30")

    def test_by_day(self):
        days = by_day(load())
        self.assertIn("Lampwork beads", days["thu"])
        self.assertEqual(days["mon"], [])

    def test_line(self):
        line = workshop_line(load()["vase"])
        self.assertTrue(line.startswith("Blown vase"))
        self.assertIn("age 18+", line)


if __name__ == "__main__":
    unittest.main()
