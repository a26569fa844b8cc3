import unittest

from rocketry.limits import Limits, load_limits, problems


class LimitsTest(unittest.TestCase):
    def test_loads_default_file(self):
        limits = load_limits()
        self.assertEqual(limits.max_wind_mph, 20.0)

    def test_go(self):
        self.assertEqual(problems(Limits(15, 400), 10, 300), [])

    def test_no_go(self):
        self.assertEqual(problems(Limits(15, 400), 16, 450),
                         ["wind 16 mph is over 15 mph", "apogee 450 m is over 400 m"])

    def test_on_the_limit_is_go(self):
        self.assertEqual(problems(Limits(15, 400), 15, 400), [])


if __name__ == "__main__":
    unittest.main()
