import unittest
from datetime import date

from morris.dances import Dance
from morris.diary import between, saturdays

DANCES = [Dance(date(2025, 5, 3), "A", "19:30", 120), Dance(date(2025, 5, 17), "B", "11:00", 80),
          Dance(date(2025, 6, 7), "C", "10:00", 0)]


class DiaryTests(unittest.TestCase):
    def test_between(self):
        self.assertEqual([d.venue for d in between(DANCES, date(2025, 5, 1), date(2025, 5, 20))], ["A", "B"])

    def test_saturdays(self):
        self.assertEqual(saturdays(date(2025, 5, 1), date(2025, 5, 12)), [date(2025, 5, 3), date(2025, 5, 10)])
        self.assertEqual(saturdays(date(2025, 5, 3), date(2025, 5, 3)), [date(2025, 5, 3)])


if __name__ == "__main__":
    unittest.main()
