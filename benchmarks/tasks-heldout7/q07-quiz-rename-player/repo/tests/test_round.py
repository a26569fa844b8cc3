import unittest

from quiznight import Contestant, QuizRound, leaderboard, team_totals


class RoundTests(unittest.TestCase):
    def setUp(self):
        self.rnd = QuizRound("Music")
        self.people = [Contestant("amy", "Owls"), Contestant("bo", "Bears"),
                       Contestant("cy", "Owls")]
        for p in self.people:
            self.rnd.add(p)

    def test_add_checks_type(self):
        with self.assertRaises(TypeError):
            self.rnd.add("dee")
        with self.assertRaises(ValueError):
            self.rnd.add(Contestant("amy"))

    def test_record_unknown(self):
        with self.assertRaises(KeyError):
            self.rnd.record("zed", True)

    def test_scoring(self):
        self.rnd.record("bo", True, 3)
        self.rnd.record("amy", True, 1)
        self.rnd.record("cy", True, 1)
        self.assertEqual(leaderboard(self.people), [("bo", 3), ("amy", 1), ("cy", 1)])
        self.assertEqual(team_totals(self.people), [("Bears", 3), ("Owls", 2)])


if __name__ == "__main__":
    unittest.main()
