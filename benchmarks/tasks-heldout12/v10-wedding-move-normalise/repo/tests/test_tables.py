import unittest

from seatplan.guests import load_guests
from seatplan.rsvp import match_reply, missing_replies
from seatplan.tables import assign, cards, table_of
from seatplan.text import initials

GUESTS = load_guests(["Tom Jones; groom", "Mary O'Brien; bride", "Ann Lee; bride"])


class TableTest(unittest.TestCase):
    def test_assign_bride_side_first(self):
        plan = assign(GUESTS, {"Rose": 2, "Thistle": 2})
        self.assertEqual(plan, {"Rose": ["Ann Lee", "Mary O'Brien"], "Thistle": ["Tom Jones"]})
        self.assertEqual(table_of(plan, "TOM  JONES"), "Thistle")
        self.assertEqual(cards(plan)[0], "Ann Lee - table Rose")

    def test_not_enough_seats(self):
        with self.assertRaises(ValueError):
            assign(GUESTS, {"Rose": 2})

    def test_rsvp(self):
        self.assertEqual(match_reply(GUESTS, "mary o'brien").side, "bride")
        self.assertEqual(missing_replies(GUESTS, ["ann lee"]), ["Tom Jones", "Mary O'Brien"])
        self.assertEqual(initials("Mary O'Brien"), "M.O.")


if __name__ == "__main__":
    unittest.main()
