import unittest

from belfry.rota import quarter_rota, sunday_leader


class SundayLeaderTest(unittest.TestCase):
    def test_first_week_is_first_ringer(self):
        self.assertEqual(sunday_leader(["Ada", "Bert", "Cyril"], 1), "Ada")

    def test_second_week_is_second_ringer(self):
        self.assertEqual(sunday_leader(["Ada", "Bert", "Cyril"], 2), "Bert")

    def test_empty_list_rejected(self):
        with self.assertRaises(ValueError):
            sunday_leader([], 1)

    def test_week_zero_rejected(self):
        with self.assertRaises(ValueError):
            sunday_leader(["Ada", "Bert"], 0)


class QuarterRotaTest(unittest.TestCase):
    def test_thirteen_sundays(self):
        lines = quarter_rota(["Ada", "Bert"])
        self.assertEqual(len(lines), 13)
        self.assertEqual(lines[0], "Week  1: Ada")


if __name__ == "__main__":
    unittest.main()
