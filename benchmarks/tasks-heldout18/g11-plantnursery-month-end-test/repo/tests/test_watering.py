import datetime
import unittest

from greenshelf.watering import days_until, due, next_watering

D = datetime.date


class WateringTest(unittest.TestCase):
    def test_next_watering(self):
        self.assertEqual(next_watering(D(2024, 6, 1), 3), D(2024, 6, 4))

    def test_every_day_at_least(self):
        with self.assertRaises(ValueError):
            next_watering(D(2024, 6, 1), 0)

    def test_due(self):
        plants = {"fern": (D(2024, 6, 1), 3), "cactus": (D(2024, 6, 1), 20),
                  "basil": (D(2024, 6, 3), 1)}
        self.assertEqual(due(plants, D(2024, 6, 4)), ["basil", "fern"])

    def test_days_until(self):
        self.assertEqual(days_until(D(2024, 6, 1), 7, D(2024, 6, 5)), 3)


if __name__ == "__main__":
    unittest.main()
