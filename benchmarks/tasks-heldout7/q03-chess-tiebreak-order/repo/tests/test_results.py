import unittest

from chessclub.results import parse_line, parse_results, scores

TEXT = """
# round 1
alice bob 1-0
carol dave 1/2-1/2   # long game
"""


class ResultTests(unittest.TestCase):
    def test_parse_line(self):
        self.assertEqual(parse_line("eve finn 0-1"), ("eve", "finn", 0.0, 1.0))
        self.assertIsNone(parse_line("   # nothing"))

    def test_bad_result(self):
        with self.assertRaises(ValueError):
            parse_line("eve finn 2-0")

    def test_scores(self):
        table = scores(parse_results(TEXT))
        self.assertEqual(table, {"alice": 1.0, "bob": 0.0, "carol": 0.5, "dave": 0.5})


if __name__ == "__main__":
    unittest.main()
