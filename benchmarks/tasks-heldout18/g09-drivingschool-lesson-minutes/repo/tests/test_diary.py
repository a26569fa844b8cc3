import unittest

from lessons.diary import day_sheet, diary_line
from lessons.timing import finish_time


class DiaryTest(unittest.TestCase):
    def test_finish_time(self):
        self.assertEqual(finish_time("09:30", "motorway"), "11:00")

    def test_diary_line(self):
        self.assertEqual(diary_line("09:00", "Priya", "standard"),
                         "09:00-10:00  Priya      standard   1h00")

    def test_day_sheet_sorted(self):
        sheet = day_sheet([("11:00", "Tom", "taster"), ("09:00", "Priya", "double")])
        self.assertTrue(sheet.startswith("09:00-11:00  Priya"))


if __name__ == "__main__":
    unittest.main()
