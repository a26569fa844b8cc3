import unittest

from quiznight.roster import Contestant, by_team


class ContestantTests(unittest.TestCase):
    def test_score(self):
        c = Contestant("amy")
        c.answer(True, 2)
        c.answer(False, 3)
        c.answer(True)
        self.assertEqual(c.score, 3)

    def test_repr(self):
        self.assertEqual(repr(Contestant("bo", team="Owls")),
                         "Contestant('bo', team='Owls', score=0)")

    def test_by_team(self):
        a, b, c = Contestant("a", "Owls"), Contestant("b"), Contestant("c", "Owls")
        self.assertEqual(by_team([a, b, c]), {"Owls": [a, c]})


if __name__ == "__main__":
    unittest.main()
