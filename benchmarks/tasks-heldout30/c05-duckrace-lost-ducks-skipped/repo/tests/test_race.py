import unittest

from ducks.prizes import prize_lines
from ducks.race import finishers


def row(duck, sponsor, time_s):
    return {"duck": str(duck), "sponsor": sponsor, "time_s": time_s}


class RaceTest(unittest.TestCase):
    def test_fastest_first(self):
        rows = [row(1, "A", "50.0"), row(2, "B", "40.5")]
        self.assertEqual([d[0] for d in finishers(rows)], [2, 1])

    def test_prizes_in_order(self):
        self.assertEqual(prize_lines([(7, "X", 1.0)]), ["Hamper             duck 7 (X)"])


if __name__ == "__main__":
    unittest.main()
