import unittest

from timetrial.results import (age_standard, average_speed, club_times, fastest, format_time,
                               parse_time, plus_on_standard, results_table)

RIDES = [("Priya Shah", 34, 1389.5), ("Dave Orme", 61, 1498), ("Lou Grant", 47, 1402.0),
         ("Sian Evans", 52, 1555.25)]


class TimeTests(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_time("23:09.5"), 1389.5)
        self.assertEqual(parse_time("1:02:03"), 3723.0)
        with self.assertRaises(ValueError):
            parse_time("1389")

    def test_format(self):
        self.assertEqual(format_time(1389.5), "23:09.5")
        self.assertEqual(format_time(3723), "1:02:03.0")

    def test_speed(self):
        self.assertEqual(average_speed(1389.5), 25.91)
        self.assertEqual(average_speed(1800, 10, metric=True), 32.19)
        self.assertEqual(average_speed(3600, miles=25), 25.0)


class StandardTests(unittest.TestCase):
    def test_bands(self):
        self.assertIsNone(age_standard(39))
        self.assertEqual(age_standard(47), 1410)
        self.assertEqual(age_standard(83), 1684)

    def test_plus(self):
        self.assertEqual(plus_on_standard(61, 1498), 28)
        self.assertEqual(plus_on_standard(47, 1402.0), 8.0)
        self.assertIsNone(plus_on_standard(34, 1389.5))


class SheetTests(unittest.TestCase):
    def test_fastest(self):
        self.assertEqual(fastest(RIDES)[0], "Priya Shah")
        self.assertIsNone(fastest([]))

    def test_table(self):
        lines = results_table(RIDES)
        self.assertEqual(lines[0], " 1. Priya Shah           23:09.5   25.91 mph")
        self.assertTrue(lines[2].endswith("+28.0 on std"))

    def test_club_times(self):
        clubs = {"Priya Shah": "Vale RC", "Dave Orme": "Vale RC", "Lou Grant": "Vale RC", "Sian Evans": "Hill CC"}
        self.assertEqual(club_times(RIDES, clubs), {"Vale RC": 4289.5})


if __name__ == "__main__":
    unittest.main()
