import unittest

from dojo.sessions import Session, SessionFull, book, cancel, is_full, limit, spaces_left


def fill(session, n, prefix="J"):
    for i in range(n):
        book(session, "%s%02d" % (prefix, i))


class LimitTests(unittest.TestCase):
    def test_junior_mat_takes_sixteen(self):
        s = Session("Sat", "10:00", "junior")
        self.assertEqual(limit(s), 16)
        fill(s, 16)
        self.assertTrue(is_full(s))

    def test_senior_mat_takes_twenty_four(self):
        s = Session("Tue", "19:00")
        fill(s, 23)
        self.assertEqual(spaces_left(s), 1)
        self.assertEqual(book(s, "Last"), "booked")
        self.assertTrue(is_full(s))
        self.assertEqual(book(s, "Extra"), 1)

    def test_unknown_kind(self):
        with self.assertRaises(ValueError):
            Session("Mon", "18:00", "veterans")


class BookingTests(unittest.TestCase):
    def test_full_session_without_waiting(self):
        s = Session("Sat", "10:00", "junior")
        fill(s, 16)
        with self.assertRaises(SessionFull):
            book(s, "Late", wait=False)

    def test_no_double_booking(self):
        s = Session("Thu", "19:30")
        book(s, "Aiko")
        with self.assertRaises(ValueError):
            book(s, "Aiko")

    def test_cancel_moves_first_waiting_up(self):
        s = Session("Sat", "10:00", "junior")
        fill(s, 16)
        book(s, "Wait1")
        book(s, "Wait2")
        self.assertEqual(cancel(s, "J03"), "Wait1")
        self.assertEqual(s.waiting, ["Wait2"])
        self.assertTrue(is_full(s))


if __name__ == "__main__":
    unittest.main()
