import unittest

from puttpar.card import Scorecard, worst_possible
from puttpar.course import COURSES


class CardTests(unittest.TestCase):
    def test_totals(self):
        card = Scorecard("Maya", COURSES["jungle"])
        card.record(1, 2)
        card.record(2, 4)
        card.record(3, 1)
        self.assertEqual(card.total(), 7)
        self.assertEqual(card.to_par(), 0)
        self.assertFalse(card.complete)

    def test_complete_card(self):
        card = Scorecard("Ola", COURSES["jungle"])
        for hole, par in enumerate(COURSES["jungle"].pars, 1):
            card.record(hole, par + 1)
        self.assertTrue(card.complete)
        self.assertEqual(card.line(), "Ola         33  (+9)")

    def test_worst_possible(self):
        self.assertEqual(worst_possible(COURSES["pirate"]), 108)


if __name__ == "__main__":
    unittest.main()
