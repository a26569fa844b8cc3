import unittest

from carols.streets import Street, hhmm, parse_hhmm, timetable


class StreetsTest(unittest.TestCase):
    def test_times(self):
        self.assertEqual(hhmm(18 * 60 + 5), "18:05")
        self.assertEqual(parse_hhmm("17:30"), 1050)

    def test_timetable(self):
        times, finish = timetable([Street("A", 5, 10), Street("B", 3, 6)], 1080)
        self.assertEqual([t for _s, t in times], [1080, 1094])
        self.assertEqual(finish, 1100)


if __name__ == "__main__":
    unittest.main()
