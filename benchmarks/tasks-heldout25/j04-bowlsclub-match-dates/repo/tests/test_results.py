import datetime
import os
import unittest

from bowls.results import Result, read_results, record

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ResultTests(unittest.TestCase):
    def test_outcomes(self):
        day = datetime.date(2025, 5, 3)
        self.assertEqual(Result(day, "X", 90, 80).outcome, "won")
        self.assertEqual(Result(day, "X", 80, 80).outcome, "drew")
        self.assertEqual(Result(day, "X", 70, 80).outcome, "lost")

    def test_record(self):
        results = read_results(os.path.join(HERE, "results.csv"))
        self.assertEqual(record(results), "Played 3: won 1, drew 1, lost 1")


if __name__ == "__main__":
    unittest.main()
