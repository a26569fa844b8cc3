import unittest
from datetime import date, time

from vetdiary.appointments import read_diary, same_vet, select
from vetdiary.diary import diary_lines

DIARY = """date,time,pet,species,owner,vet,status
2025-06-02,10:00,Rex,Dog,Ms Byrne,Dr Okafor,booked
2025-06-02,09:00,Biscuit,dog,Mrs Hale,Dr Okafor,arrived
2025-06-02,09:40,Nibbles,rabbit,"Hale, Tom",Dr Okafor,cancelled
2025-06-03,09:00,Luna,cat,Mrs Hale,Dr Lund,
"""


class ReadTests(unittest.TestCase):
    def test_read(self):
        diary = read_diary(DIARY.splitlines())
        self.assertEqual(len(diary), 4)
        self.assertEqual(diary[0].species, "dog")
        self.assertEqual(diary[2].owner, "Hale, Tom")
        self.assertEqual(diary[3].status, "booked")

    def test_bad_status(self):
        with self.assertRaises(ValueError):
            read_diary(["date,time,pet,species,owner,vet,status", "2025-06-02,10:00,A,dog,B,C,lost"])


class SelectTests(unittest.TestCase):
    def setUp(self):
        self.diary = read_diary(DIARY.splitlines())

    def test_same_vet(self):
        self.assertTrue(same_vet("Dr Okafor", "okafor"))
        self.assertTrue(same_vet("Dr Okafor", "Dr Okafor"))
        self.assertFalse(same_vet("Dr Okafor", "lund"))

    def test_order_and_cancelled(self):
        chosen = select(self.diary)
        self.assertEqual([a.pet for a in chosen], ["Biscuit", "Rex", "Luna"])
        self.assertEqual(len(select(self.diary, include_cancelled=True)), 4)

    def test_vet_and_day(self):
        chosen = select(self.diary, vet="okafor", day=date(2025, 6, 2))
        self.assertEqual([a.time for a in chosen], [time(9, 0), time(10, 0)])


class LinesTests(unittest.TestCase):
    def test_lines(self):
        lines = diary_lines(select(read_diary(DIARY.splitlines()), day=date(2025, 6, 3)))
        self.assertEqual(lines, ["Tuesday 03 June 2025",
                                 "  09:00  Luna         cat      Mrs Hale               Dr Lund",
                                 "1 appointment"])


if __name__ == "__main__":
    unittest.main()
