import unittest

from dancefloor.classes import timetable


class TimetableTest(unittest.TestCase):
    def test_whole_week(self):
        self.assertEqual(len(timetable()), 8)

    def test_one_day(self):
        self.assertEqual(timetable("Tue"), ["Tue 18:30  cha-cha     beginner",
                                            "Tue 19:45  tango       advanced"])

    def test_no_classes(self):
        self.assertEqual(timetable("Sun"), [])


if __name__ == "__main__":
    unittest.main()
