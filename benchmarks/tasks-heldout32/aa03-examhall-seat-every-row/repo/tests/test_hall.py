import unittest

from exams.hall import empty_plan, place, seat_index


class HallTest(unittest.TestCase):
    def test_seat_index(self):
        self.assertEqual(seat_index("c4"), (2, 3))
        self.assertEqual(seat_index(" A10 "), (0, 9))

    def test_plan_size(self):
        plan = empty_plan(3, 4)
        self.assertEqual(len(plan), 3)
        self.assertEqual(len(plan[0]), 4)

    def test_taken_desk(self):
        plan = empty_plan(2, 2)
        self.assertTrue(place(plan, "A1", "1001"))
        self.assertFalse(place(plan, "A1", "1002"))
        self.assertEqual(plan[0][0], "1001")


if __name__ == "__main__":
    unittest.main()
