import unittest

from flying.forecast import crosswind, problems

SETTINGS = {"name": "test", "runway_heading": 270, "max_crosswind_mph": 10}


def hour(wind_from=270, wind=5, gust=10, rain=0):
    return {"time": "10:00", "wind_from": wind_from, "wind_mph": wind, "gust_mph": gust, "rain_mm": rain}


class ForecastTests(unittest.TestCase):
    def test_straight_down_the_runway(self):
        self.assertAlmostEqual(crosswind(270, 15, 270), 0)

    def test_fine_day(self):
        self.assertEqual(problems(hour(), SETTINGS), [])

    def test_rain(self):
        self.assertEqual(problems(hour(rain=0.2), SETTINGS), ["rain"])

    def test_gusty(self):
        self.assertEqual(len(problems(hour(gust=40), SETTINGS)), 1)


if __name__ == "__main__":
    unittest.main()
